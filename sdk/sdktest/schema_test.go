package sdktest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// typoScorer declares its config with a type the host does not know.
type typoScorer struct{ schema schema.Schema }

func (s typoScorer) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name, resp.Schema = "typo", s.schema
}

func (typoScorer) Score(context.Context, scorer.ScoreRequest, *scorer.ScoreResponse) error {
	return nil
}

// fatalT records the test's Fatalf instead of ending it.
type fatalT struct {
	testing.TB
	msg string
}

func (*fatalT) Helper() {}
func (t *fatalT) Fatalf(format string, args ...any) {
	t.msg = fmt.Sprintf(format, args...)
	panic(t)
}

// TestSchemaTheHostRefuses: sdktest fails on a config schema the host
// refuses to load, as the host would, before any call.
func TestSchemaTheHostRefuses(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		attr schema.Attribute
		want string
	}{
		"misspelt type":           {schema.Attribute{Name: "tolerance", Type: "nubmer"}, `attribute "tolerance": type "nubmer": The keyword "nubmer" is not a valid type specification`},
		"default of another type": {schema.Attribute{Name: "tolerance", Type: "number", Default: "0.1"}, `attribute "tolerance": default "0.1" is not of its type; write it as 0.1`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ft := &fatalT{TB: t}
			func() {
				defer func() { _ = recover() }()
				sdktest.Scorer(ft, typoScorer{schema.Schema{Attributes: []schema.Attribute{tc.attr}}})
			}()
			assert.Equal(t, `sdktest: the host would refuse the config schema of "typo": `+tc.want, ft.msg)
		})
	}
}
