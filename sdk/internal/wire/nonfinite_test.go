package wire_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestNonFiniteRoundTrip: NaN, +Inf and -Inf in score values, score
// metadata, sample metadata and message metadata come back as they went,
// never dropped and never turned into another number.
func TestNonFiniteRoundTrip(t *testing.T) {
	t.Parallel()
	inf, ninf, nan := math.Inf(1), math.Inf(-1), math.NaN()
	md := map[string]any{"pos": inf, "neg": ninf, "nan": nan, "finite": 1.5, "text": "Infinity NaN",
		"nested": map[string]any{"list": []any{ninf, "x", 2.0}}}
	scores := map[string]scorer.Score{
		"+Inf value":               {Value: inf, Answer: scorer.Text("a")},
		"-Inf value":               {Value: ninf},
		"NaN value, Inf metadata":  {Value: nan, Metadata: md},
		"list value with Inf":      {Value: []any{inf, "C"}},
		"dict value with -Inf":     {Value: map[string]any{"loss": ninf}},
		"finite value, Inf in map": {Value: 1.0, Metadata: map[string]any{"ratio": inf}},
	}
	for name, in := range scores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := wire.ScoreFromProto(overWire(t, wire.ScoreToProto(in)))
			if d := cmp.Diff(in, got, cmpopts.EquateNaNs()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
	t.Run("sample metadata", func(t *testing.T) {
		t.Parallel()
		in := scorer.Sample{ID: "s", Metadata: md}
		got := wire.SampleFromProto(overWire(t, wire.SampleToProto(in)))
		if d := cmp.Diff(in, got, cmpopts.EquateNaNs(), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("round trip (-want +got):\n%s", d)
		}
	})
	t.Run("message metadata", func(t *testing.T) {
		t.Parallel()
		in := []model.Message{{Role: model.RoleUser, Content: "hi", Metadata: map[string]any{"p": inf}}}
		got := wire.MessagesFromProto(wire.MessagesToProto(in))
		assert.True(t, math.IsInf(got[0].Metadata["p"].(float64), 1))
	})
}

// TestNonFiniteOnTheWire: the bytes are Python's bare tokens, which
// Python's json module and Inspect read; strings that spell a token stay
// strings.
func TestNonFiniteOnTheWire(t *testing.T) {
	t.Parallel()
	p := wire.ScoreToProto(scorer.Score{Value: math.Inf(1),
		Metadata: map[string]any{"a": math.Inf(-1), "b": "NaN", "c": []any{math.NaN()}}})
	assert.Equal(t, "Infinity", string(p.ValueJson))
	assert.Contains(t, string(p.MetadataJson), `"a":-Infinity`)
	assert.Contains(t, string(p.MetadataJson), `"b":"NaN"`)
	assert.Contains(t, string(p.MetadataJson), `"c":[NaN]`)
	got := wire.ScoreFromProto(p)
	assert.Equal(t, "NaN", got.Metadata["b"], "a string stays a string")
}
