package wire_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestScoreRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in scorer.Score
		// want is what comes back; nil means in.
		want *scorer.Score
	}{
		"correct": {in: scorer.Score{Value: scorer.Correct, Answer: scorer.Text("42"), Explanation: "matched target 42"}},
		"float":   {in: scorer.Score{Value: 0.75}},
		// An empty answer is not the absence of one (Inspect's "" and None).
		"empty answer": {in: scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text("")}},
		"no answer":    {in: scorer.Score{Value: scorer.Incorrect}},
		"zero":         {in: scorer.Score{Value: 0.0}},
		"bool":         {in: scorer.Score{Value: false}},
		"list":         {in: scorer.Score{Value: []any{"C", 1.0, true}}},
		"dict":         {in: scorer.Score{Value: map[string]any{"accuracy": 1.0, "grade": "C"}}},
		"NaN value is unscored": {
			in: scorer.Score{Value: math.NaN(), Explanation: "no answer to score"},
		},
		"unscored helper": {in: scorer.Unscored()},
		"metadata": {in: scorer.Score{Value: scorer.Incorrect,
			Metadata: map[string]any{"passed": false, "tests": map[string]any{"ran": 3.0, "failed": []any{"t2"}}}}},
		"int comes back as float64": {
			in: scorer.Score{Value: 1}, want: &scorer.Score{Value: 1.0},
		},
		"nil value comes back unscored": {
			in: scorer.Score{Answer: scorer.Text("x")}, want: &scorer.Score{Value: math.NaN(), Answer: scorer.Text("x")},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want := tc.in
			if tc.want != nil {
				want = *tc.want
			}
			got := wire.ScoreFromProto(overWire(t, wire.ScoreToProto(tc.in)))
			if d := cmp.Diff(want, got, cmpopts.EquateNaNs()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
}

// NaN is written as Python's bare NaN token, which standard JSON lacks.
func TestScoreNaNOnTheWire(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "NaN", string(wire.ScoreToProto(scorer.Unscored()).ValueJson))
	tests := map[string]*pb.Score{
		"nil score":   nil,
		"empty value": {},
		"NaN token":   {ValueJson: []byte("NaN")},
	}
	for name, p := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, ok := wire.ScoreFromProto(p).Value.(float64)
			require.True(t, ok)
			assert.True(t, math.IsNaN(f))
		})
	}
}

func TestSampleRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]scorer.Sample{
		"zero sample": {},
		"full sample": {
			ID: "q-17", Epoch: 2,
			Input:    []model.Message{{Role: model.RoleSystem, Content: "Be brief."}, {Role: model.RoleUser, Content: "Pick one."}},
			Target:   []string{"B", "b"},
			Choices:  []string{"A", "B", "C"},
			Metadata: map[string]any{"difficulty": "hard", "tags": []any{"logic"}},
		},
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := wire.SampleFromProto(overWire(t, wire.SampleToProto(in)))
			if d := cmp.Diff(in, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
	assert.Equal(t, scorer.Sample{}, wire.SampleFromProto(nil))
}

func TestRecordRoundTrip(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	num := func(f float64) *float64 { return &f }
	tests := map[string]scorer.Record{
		"zero record": {},
		"provisional, nothing submitted": {Version: 1,
			Members: []scorer.RecordMember{{Name: "solver-1", State: "running"}},
			Final:   scorer.RecordFinal{Reason: str("no_submissions"), Provisional: true}},
		"final answer": {Version: 1,
			Members: []scorer.RecordMember{
				{Name: "solver-1", Role: str("solver"), State: "ended", Status: str("submitted"), Submitted: true,
					Time: num(12.5), Sandbox: str("solver-1"), GateChecks: 2, GatePasses: 1, FirstPassTime: num(11)},
				{Name: "solver-2", State: "ended", Status: str("stopped"), Time: num(13)},
			},
			Final: scorer.RecordFinal{Mode: str("first"), Member: str("solver-1"), Reason: str("first")}},
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if d := cmp.Diff(in, wire.RecordFromJSON(wire.RecordToJSON(in))); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
	assert.Equal(t, scorer.Record{}, wire.RecordFromJSON(nil))
	assert.Equal(t, scorer.Record{}, wire.RecordFromJSON([]byte("not json")))
}

func TestStoreRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   map[string][]byte
		want map[string][]byte
	}{
		"nil store":   {in: nil, want: map[string][]byte{}},
		"empty store": {in: map[string][]byte{}, want: map[string][]byte{}},
		"values are JSON": {
			in: map[string][]byte{
				scorer.StoreKeyResult: []byte(`{"version":1}`),
				"count":               []byte(`3`),
				"list":                []byte(`["a","b"]`),
			},
			want: map[string][]byte{
				scorer.StoreKeyResult: []byte(`{"version":1}`),
				"count":               []byte(`3`),
				"list":                []byte(`["a","b"]`),
			},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, wire.StoreFromJSON(wire.StoreToJSON(tc.in)))
		})
	}
}
