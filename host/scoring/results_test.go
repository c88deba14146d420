package scoring

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// samples builds one SampleScore per value, with ids "1", "2", ...
func samples(values ...any) []SampleScore {
	out := make([]SampleScore, len(values))
	for i, v := range values {
		out[i] = SampleScore{Score: scorer.Score{Value: v}, SampleID: string(rune('1' + i))}
	}
	return out
}

// set reads a metric set from its JSON form, keeping key order.
func set(t *testing.T, js string) MetricSet {
	t.Helper()
	var s MetricSet
	if err := json.Unmarshal([]byte(js), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// custom computes "mypkg/*" metrics: count (a scalar), bounds (a dict) and
// pair (a list), over the float values.
func custom(_ context.Context, ref MetricRef, scores []SampleScore) (MetricOutput, error) {
	n := float64(len(scores))
	switch ref.Name {
	case "mypkg/count":
		return Scalar(n), nil
	case "mypkg/bounds":
		lo, hi := 0.0, n
		return MetricOutput{Dict: []NamedValue{{"lower", &lo}, {"upper", &hi}, {"none", nil}}}, nil
	case "mypkg/pair":
		return MetricOutput{List: []*float64{&n, nil, &n}}, nil
	}
	return MetricOutput{}, errors.New("no such metric")
}

func TestResults(t *testing.T) {
	t.Parallel()
	m := func(key, name, group string, v float64) MetricResult {
		return MetricResult{Key: key, Name: name, Group: group, Value: v}
	}
	dicts := samples(map[string]any{"utility": "C", "security": 1.0}, map[string]any{"utility": "I", "security": 0.0},
		map[string]any{"utility": "C", "security": nan}, nan)
	tests := map[string]struct {
		metrics string
		scores  []SampleScore
		want    []ScoreResult
	}{
		"plain metrics over scalars": {
			metrics: `["accuracy", {"name": "inspect_ai/stderr", "options": {}}]`,
			scores:  samples("C", "I", "C", nan),
			want: []ScoreResult{{Name: "s", Scored: 3, Unscored: 1, Metrics: []MetricResult{
				m("accuracy", "accuracy", "", 2.0/3), m("stderr", "stderr", "", 0.33333333333333337)}}},
		},
		"plain metrics over dicts count them as 0, as Inspect's value_to_float": {
			metrics: `["accuracy"]`,
			scores:  dicts[:2],
			want:    []ScoreResult{{Name: "s", Scored: 2, Metrics: []MetricResult{m("accuracy", "accuracy", "", 0)}}},
		},
		"a metrics dict: one result per key, in declaration order": {
			metrics: `{"utility": ["accuracy", "stderr"], "security": ["mean"]}`,
			scores:  dicts,
			want: []ScoreResult{
				{Name: "utility", Scored: 3, Unscored: 1, Metrics: []MetricResult{
					m("accuracy", "accuracy", "", 2.0/3), m("stderr", "stderr", "", 0.33333333333333337)}},
				{Name: "security", Scored: 2, Unscored: 2, Metrics: []MetricResult{m("mean", "mean", "", 0.5)}},
			},
		},
		"a glob in a list: the scorer's result, then each matching key (sorted)": {
			metrics: `["mypkg/count", {"*": ["mean", "mean"]}]`,
			scores:  dicts[:2],
			want: []ScoreResult{
				{Name: "s", Scored: 2, Metrics: []MetricResult{m("count", "mypkg/count", "", 2)}},
				{Name: "security", Scored: 2, Metrics: []MetricResult{m("mean", "mean", "", 0.5)}},
				{Name: "utility", Scored: 2, Metrics: []MetricResult{m("mean", "mean", "", 0.5)}},
			},
		},
		"custom dict and list metrics, and a repeated name": {
			metrics: `["accuracy", "accuracy", "mypkg/bounds", "mypkg/pair"]`,
			scores:  samples(1.0, 0.0),
			want: []ScoreResult{{Name: "s", Scored: 2, Metrics: []MetricResult{
				m("accuracy", "accuracy", "", 0.5), m("accuracy2", "accuracy", "", 0.5),
				m("lower", "lower", "bounds", 0), m("upper", "upper", "bounds", 2),
				m("pair-1", "1", "pair", 2), m("pair-3", "3", "pair", 2)}}},
		},
		"custom dict and list metrics under a key": {
			metrics: `{"security": ["mypkg/bounds", "mypkg/pair"]}`,
			scores:  dicts[:2],
			want: []ScoreResult{{Name: "security", Scored: 2, Metrics: []MetricResult{
				m("mypkg/bounds_lower", "lower", "bounds", 0), m("mypkg/bounds_upper", "upper", "bounds", 2),
				m("mypkg/pair_0", "0", "pair", 2), m("mypkg/pair_2", "2", "pair", 2)}}},
		},
		"nothing scored: NaN": {
			metrics: `{"utility": ["accuracy"]}`,
			scores:  samples(nan),
			want:    []ScoreResult{{Name: "utility", Unscored: 1, Metrics: []MetricResult{m("accuracy", "accuracy", "", nan)}}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := Results(context.Background(), ResultsRequest{Scorer: "s", Metrics: set(t, tc.metrics),
				Scores: tc.scores, Compute: custom})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got, floatOpts, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResultsErrors(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		metrics string
		scores  []SampleScore
		compute MetricComputer
		want    string
	}{
		"per-key metrics on a scalar": {`{"utility": ["accuracy"]}`, samples("C"), nil,
			`scorer s: per-key metrics ("utility") for a score that is not a dict (sample 1)`},
		"a key the first dict had, missing from a later one": {`{"utility": ["accuracy"]}`,
			samples(map[string]any{"utility": 1.0}, map[string]any{"other": 1.0}), nil,
			`scorer s: key "utility" is not in the score's dict (sample 2)`},
		"a custom metric with no computer": {`["mypkg/count"]`, samples(1.0), nil,
			"metric mypkg/count is not one the host computes (accuracy, bootstrap_stderr, mean, std, stderr, var, without arguments) and its scorer cannot compute it"},
		"a built-in with arguments goes to the computer": {`[{"name": "stderr", "options": {"cluster": "topic"}}]`,
			samples(1.0), custom, "metric stderr: no such metric"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Results(context.Background(), ResultsRequest{Scorer: "s", Metrics: set(t, tc.metrics),
				Scores: tc.scores, Compute: tc.compute})
			if err == nil || err.Error() != tc.want {
				t.Errorf("error = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestMetricSetJSON(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ in, want string }{
		"names":            {`["accuracy", "mypkg/m"]`, `[{"name":"inspect_ai/accuracy","options":{}},{"name":"mypkg/m","options":{}}]`},
		"dict in order":    {`{"b": ["mean"], "a": [{"name": "inspect_ai/std", "options": {"x": 1}}]}`, `{"b":[{"name":"inspect_ai/mean","options":{}}],"a":[{"name":"inspect_ai/std","options":{"x":1}}]}`},
		"list with a dict": {`["accuracy", {"*": ["mean"]}]`, `[{"name":"inspect_ai/accuracy","options":{}},{"*":[{"name":"inspect_ai/mean","options":{}}]}]`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := json.Marshal(set(t, tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestParseMetricSetErrors(t *testing.T) {
	t.Parallel()
	for name, in := range map[string]any{
		"a number":        3.0,
		"a number item":   []any{"accuracy", 3.0},
		"a key not list":  map[string]any{"utility": "accuracy"},
		"an empty name":   []any{""},
		"a bad key entry": map[string]any{"utility": []any{3.0}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := ParseMetricSet(in); err == nil {
				t.Errorf("ParseMetricSet(%v) gave no error", in)
			}
		})
	}
}

func TestGlobMatch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pattern, key string
		want         bool
	}{
		{"*", "utility", true}, {"util*", "utility", true}, {"util*", "security", false},
		{"?tility", "utility", true}, {"[us]*", "security", true}, {"[!u]*", "utility", false},
		{"a.b", "axb", false}, {"utility", "Utility", false},
	} {
		if got := globMatch(tc.pattern, tc.key); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v", tc.pattern, tc.key, got)
		}
	}
}

// TestResultsAfterReducingDicts: epochs of dict-valued scores reduce key by
// key (mean), then each key gets its metrics; list values count as 0 for
// the built-in metrics, as Inspect's value_to_float makes them.
func TestResultsAfterReducingDicts(t *testing.T) {
	t.Parallel()
	mean, err := Reducer("mean")
	if err != nil {
		t.Fatal(err)
	}
	a := mean(epochs(map[string]any{"utility": "C", "security": 1.0}, map[string]any{"utility": "I", "security": 1.0}))
	b := mean(epochs(map[string]any{"utility": "C", "security": 0.0}, map[string]any{"utility": "C", "security": nan}))
	got, err := Results(context.Background(), ResultsRequest{Scorer: "s", Metrics: set(t, `{"utility": ["mean"], "security": ["mean"]}`),
		Scores: []SampleScore{{Score: a, SampleID: "a"}, {Score: b, SampleID: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := []ScoreResult{
		{Name: "utility", Scored: 2, Metrics: []MetricResult{{Key: "mean", Name: "mean", Value: 0.75}}},
		{Name: "security", Scored: 2, Metrics: []MetricResult{{Key: "mean", Name: "mean", Value: 0.5}}},
	}
	if diff := cmp.Diff(want, got, floatOpts, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	lists, err := Results(context.Background(), ResultsRequest{Scorer: "s", Metrics: ListOf("accuracy"),
		Scores: samples([]any{1.0, 1.0}, []any{0.0, 1.0})})
	if err != nil || lists[0].Metrics[0].Value != 0 {
		t.Errorf("accuracy over lists = %v, %v; want 0 (value_to_float of a list)", lists, err)
	}
}
