package schema_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/schema"
)

// completeCases is testdata/complete.json, which the Python SDK's tests
// read too, so both SDKs complete configs alike.
type completeCases struct {
	Cases map[string]struct {
		Schema fixtureSchema   `json:"schema"`
		Config json.RawMessage `json:"config"`
		Want   json.RawMessage `json:"want"`
	} `json:"cases"`
	Errors map[string]struct {
		Schema fixtureSchema   `json:"schema"`
		Config json.RawMessage `json:"config"`
		Error  string          `json:"error"`
	} `json:"errors"`
}

// fixtureSchema is a Schema as the fixture writes it (nesting by name).
type fixtureSchema struct {
	Attributes []schema.Attribute `json:"attributes"`
	Blocks     []struct {
		Name    string        `json:"name"`
		Nesting string        `json:"nesting"`
		Body    fixtureSchema `json:"body"`
	} `json:"blocks"`
}

func (f fixtureSchema) schema() schema.Schema {
	s := schema.Schema{Attributes: f.Attributes}
	for _, b := range f.Blocks {
		nb := schema.Block{Name: b.Name, Body: b.Body.schema()}
		if b.Nesting == "list" {
			nb.Nesting = schema.NestingList
		}
		s.Blocks = append(s.Blocks, nb)
	}
	return s
}

func loadCompleteCases(t *testing.T) completeCases {
	t.Helper()
	raw, err := os.ReadFile("testdata/complete.json")
	require.NoError(t, err)
	var cc completeCases
	require.NoError(t, json.Unmarshal(raw, &cc))
	require.NotEmpty(t, cc.Cases)
	return cc
}

func TestComplete(t *testing.T) {
	t.Parallel()
	for name, tc := range loadCompleteCases(t).Cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.Schema.schema().Complete(schema.NewConfig(tc.Config))
			require.NoError(t, err)
			assert.JSONEq(t, string(tc.Want), string(got.JSON()))
		})
	}
}

func TestCompleteErrors(t *testing.T) {
	t.Parallel()
	for name, tc := range loadCompleteCases(t).Errors {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := tc.Schema.schema().Complete(schema.NewConfig(tc.Config))
			require.ErrorContains(t, err, tc.Error)
		})
	}
}

func TestCompleteEmptyConfig(t *testing.T) {
	t.Parallel()
	s := schema.Schema{Attributes: []schema.Attribute{{Name: "x", Default: "d"}}}
	got, err := s.Complete(schema.Config{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"x":"d"}`, string(got.JSON()))
}

func TestCompleteKeepsBigNumbersExact(t *testing.T) {
	t.Parallel()
	got, err := schema.Schema{}.Complete(schema.NewConfig([]byte(`{"n":12345678901234567890}`)))
	require.NoError(t, err)
	assert.Equal(t, `{"n":12345678901234567890}`, string(got.JSON()))
}
