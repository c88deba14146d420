package schema_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/schema"
)

// CheckCases is testdata/check.json, which the Python SDK's tests and the
// host's (host/config, through HCL) read too, so all three accept and
// refuse the same schemas.
type CheckCases struct {
	Cases map[string]struct {
		Schema checkSchema `json:"schema"`
		Error  string      `json:"error"`
	} `json:"cases"`
}

// checkSchema is a Schema as the fixture writes it: nesting by name
// ("single", "list", anything else an unknown nesting).
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

func TestCheck(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/check.json")
	require.NoError(t, err)
	var cc CheckCases
	require.NoError(t, json.Unmarshal(raw, &cc))
	require.NotEmpty(t, cc.Cases)
	for name, tc := range cc.Cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := tc.Schema.schema().Check()
			if tc.Error == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.Error)
		})
	}
}

// TestCheckGoDefaults: a default written as Go values of other types
// (ints, typed slices and maps) is checked by its JSON value, as the host
// sends it.
func TestCheckGoDefaults(t *testing.T) {
	t.Parallel()
	ok := schema.Schema{Attributes: []schema.Attribute{
		{Name: "n", Type: "number", Default: int64(3)},
		{Name: "l", Type: "list(string)", Default: []string{"a"}},
		{Name: "m", Type: "map(number)", Default: map[string]int{"a": 1}},
	}}
	require.NoError(t, ok.Check())
	bad := schema.Schema{Attributes: []schema.Attribute{{Name: "l", Type: "list(number)", Default: []string{"a"}}}}
	require.ErrorContains(t, bad.Check(), `attribute "l": default ["a"] does not fit the type`)
}
