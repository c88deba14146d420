package config

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/schema"
)

// TestSpecFromSchemaAgreesWithTheSDK holds the host's conversion of a
// plugin's schema (HCL's type parser and conversion) and the SDK's
// schema.Check, which sdktest runs, to one table
// (sdk/schema/testdata/check.json): both accept or refuse each schema,
// but for the cases marked host_accepts, where the SDK is stricter.
func TestSpecFromSchemaAgreesWithTheSDK(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../sdk/schema/testdata/check.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases struct {
		Cases map[string]struct {
			Schema      checkSchema `json:"schema"`
			Error       string      `json:"error"`
			HostAccepts bool        `json:"host_accepts"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for name, tc := range cases.Cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := tc.Schema.schema()
			_, hostErr := SpecFromSchema(s)
			sdkErr := s.Check()
			if (hostErr == nil) != (tc.Error == "" || tc.HostAccepts) || (sdkErr == nil) != (tc.Error == "") {
				t.Errorf("want error %q (host accepts: %v); the host says %v, the SDK %v", tc.Error, tc.HostAccepts, hostErr, sdkErr)
			}
		})
	}
}

// checkSchema is a Schema as check.json writes it (nesting by name).
type checkSchema struct {
	Attributes []schema.Attribute `json:"attributes"`
	Blocks     []struct {
		Name    string      `json:"name"`
		Nesting string      `json:"nesting"`
		Body    checkSchema `json:"body"`
	} `json:"blocks"`
}

func (f checkSchema) schema() schema.Schema {
	s := schema.Schema{Attributes: f.Attributes}
	for _, b := range f.Blocks {
		nb := schema.Block{Name: b.Name, Body: b.Body.schema()}
		switch b.Nesting {
		case "", "single":
		case "list":
			nb.Nesting = schema.NestingList
		default:
			nb.Nesting = 7
		}
		s.Blocks = append(s.Blocks, nb)
	}
	return s
}
