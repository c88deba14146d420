package eval

import (
	"testing"

	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestLiveHeadline: the live view shows the first metric of the first
// score, which for per-key metrics of dict-valued scores is the first key's
// (not accuracy over the whole dicts, which Inspect counts as 0).
func TestLiveHeadline(t *testing.T) {
	t.Parallel()
	dicts := []scoring.SampleScore{{Score: scorer.Score{Value: map[string]any{"utility": "C", "security": 0.0}}},
		{Score: scorer.Score{Value: map[string]any{"utility": "I", "security": 1.0}}}}
	tests := map[string]struct {
		set   scoring.MetricSet
		name  string
		value float64
		ok    bool
	}{
		"plain":   {scoring.ListOf("accuracy", "stderr"), "inspect accuracy", 0, true},
		"per key": {scoring.MetricSet{IsDict: true, Dict: []scoring.KeyMetrics{{Key: "utility", Metrics: []scoring.MetricRef{{Name: "accuracy"}}}}}, "utility accuracy", 0.5, true},
		"custom":  {scoring.ListOf("mypkg/m"), "", 0, false},
		"custom first: the first the host computes": {scoring.ListOf("spread", "accuracy"), "inspect accuracy", 0, true},
		"with arguments, then per key": {scoring.MetricSet{Items: []scoring.MetricItem{
			{Metric: &scoring.MetricRef{Name: "stderr", Params: map[string]any{"cluster": "g"}}},
			{Keys: []scoring.KeyMetrics{{Key: "utility", Metrics: []scoring.MetricRef{{Name: "spread"}, {Name: "accuracy"}}}}}}},
			"utility accuracy", 0.5, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			n, v, ok := liveHeadline("inspect", tc.set, dicts)
			if n != tc.name || v != tc.value || ok != tc.ok {
				t.Errorf("liveHeadline = %q %v %v, want %q %v %v", n, v, ok, tc.name, tc.value, tc.ok)
			}
		})
	}
}
