package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// ownMetricsSamples are the samples of TestInspectScorerOwnMetrics: the
// scripted member answers each with its id, so the answers' lengths differ.
var ownMetricsSamples = []struct{ ID, Group string }{
	{"a", "g1"}, {"bb", "g1"}, {"ccc", "g2"}, {"dddd", "g2"}, {"eeeee", "g3"},
}

// plainInspectScores is plain Inspect's results for the fixture scorer
// named by factory over ownMetricsSamples (inspect_plain_scores.py runs
// `inspect_ai.eval` with a solver answering each sample with its id).
type plainInspectScores struct {
	Scores []struct {
		Name, Scorer string
		Metrics      map[string]*float64
	} `json:"scores"`
	Samples    map[string]any `json:"samples"`
	Reductions map[string]any `json:"reductions"`
}

func runPlainInspect(t *testing.T, factory string, epochs int) plainInspectScores {
	t.Helper()
	var samples []map[string]any
	for _, s := range ownMetricsSamples {
		samples = append(samples, map[string]any{"id": s.ID, "target": s.ID, "answer": s.ID,
			"metadata": map[string]any{"group": s.Group}})
	}
	arg, err := json.Marshal(samples)
	require.NoError(t, err)
	cmd := exec.Command(venvPython(t), repoPath("host", "e2e", "testdata", "python", "inspect_plain_scores.py"),
		"inspect_scorer_fixtures:"+factory, string(arg), t.TempDir(), fmt.Sprint(epochs))
	cmd.Env = append(os.Environ(), "PYTHONPATH="+repoPath("plugins-python", "inspect"), "INSPECT_LOG_LEVEL=error")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "plain Inspect: %s", stderr.String())
	var res plainInspectScores
	require.NoError(t, json.Unmarshal(out, &res), "%s", out)
	return res
}

// ownMetricsSuite is a suite whose only scorer is the Inspect scorer
// inspect_scorer_fixtures:factory, with no `metrics` (the scorer's own are
// reported) unless metrics is set, over epochs epochs.
func ownMetricsSuite(t *testing.T, factory, metrics string, epochs int) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "plugin \"scorer\" \"inspect\" {\n  source = %q\n}\n", repoPath("plugins-python", "inspect", "swarmhost-scorer-inspect"))
	b.WriteString("model \"default\" {\n  provider = \"mockllm\"\n}\ntask \"t\" {\n  dataset {\n")
	for _, s := range ownMetricsSamples {
		fmt.Fprintf(&b, "    sample {\n      id = %q\n      input = \"?\"\n      target = %q\n      metadata = { group = %q }\n    }\n",
			s.ID, s.ID, s.Group)
	}
	fmt.Fprintf(&b, "  }\n  epochs {\n    count = %d\n  }\n", epochs)
	fmt.Fprintf(&b, "  scorer \"inspect\" {\n    name = %q\n%s  }\n}\n", "inspect_scorer_fixtures:"+factory, metrics)
	b.WriteString(`swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "{sample}" }]
    }
  }
  controller "leaderless" {}
}
eval "own" {
  task  = task.t
  swarm = swarm.solo
}
`)
	path := filepath.Join(t.TempDir(), "own_metrics.hcl")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
	return path
}

// TestInspectScorerOwnMetrics runs Inspect scorers that declare their own
// metrics — lists, per-key dictionaries, globs, custom @metric functions
// (scalar, dict- and list-valued), built-in metrics with arguments
// (stderr(cluster=...)) — through the scorer bridge with no `metrics` in
// the suite, and compares every results entry and metric with plain
// Inspect's over the same answers: built-in metrics computed by the host,
// the rest by Inspect in the plugin. A suite's `metrics` still override.
func TestInspectScorerOwnMetrics(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, factory string
		epochs        int
		// scorerEntry: plain Inspect's first entry is named after the
		// scorer (the bridge's after its plugin label, "inspect").
		scorerEntry bool
	}{
		{name: "dict metrics", factory: "utility_security"},
		{name: "built-in, custom and with arguments", factory: "answer_length", scorerEntry: true},
		{name: "dict-valued custom", factory: "custom_metrics", scorerEntry: true},
		{name: "list with glob per-key", factory: "keyed_lengths", scorerEntry: true},
		{name: "list-valued scores", factory: "list_values", scorerEntry: true},
		{name: "list-valued scores over epochs", factory: "list_values", epochs: 2, scorerEntry: true},
		{name: "dict metrics over epochs", factory: "utility_security", epochs: 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			epochs := max(tc.epochs, 1)
			want := runPlainInspect(t, tc.factory, epochs)
			code, sum, errOut := runJSON(t, ownMetricsSuite(t, tc.factory, "", epochs))
			require.Equal(t, cli.ExitOK, code, "%s\nsummary: %v", errOut, sum)
			l, err := evallog.Read(sum["log"].(string))
			require.NoError(t, err)
			require.Len(t, l.Results.Scores, len(want.Scores), "results.scores: %+v", l.Results.Scores)
			for i, w := range want.Scores {
				got := l.Results.Scores[i]
				if i > 0 || !tc.scorerEntry {
					assert.Equal(t, w.Name, got.Name, "entry %d", i)
				}
				keys := make([]string, 0, len(got.Metrics))
				for _, m := range got.Metrics {
					keys = append(keys, metricKey(m))
				}
				wantKeys := make([]string, 0, len(w.Metrics))
				for k := range w.Metrics {
					wantKeys = append(wantKeys, k)
				}
				assert.ElementsMatch(t, wantKeys, keys, "entry %s's metrics", w.Name)
				for _, m := range got.Metrics {
					wv, ok := w.Metrics[metricKey(m)]
					if !ok {
						continue
					}
					if wv == nil {
						assert.True(t, math.IsNaN(float64(m.Value)), "%s %s: Inspect's is NaN, ours %v", w.Name, metricKey(m), m.Value)
						continue
					}
					assert.InDelta(t, *wv, float64(m.Value), 1e-9, "%s %s", w.Name, metricKey(m))
				}
			}
			if epochs > 1 {
				require.NotEmpty(t, l.Reductions)
				for _, s := range l.Reductions[0].Samples {
					got, err := json.Marshal(s.Value)
					require.NoError(t, err)
					w, err := json.Marshal(want.Reductions[s.SampleID.String()])
					require.NoError(t, err)
					assert.JSONEq(t, string(w), string(got), "sample %s's reduced value, as Inspect reduces it", s.SampleID)
				}
			}
			for _, s := range l.Samples {
				if s.Epoch != 1 {
					continue
				}
				got, err := json.Marshal(s.Scores["inspect"].Value)
				require.NoError(t, err)
				w, err := json.Marshal(want.Samples[s.ID.String()])
				require.NoError(t, err)
				assert.JSONEq(t, string(w), string(got), "sample %s's value, as Inspect records it", s.ID)
			}
			validateLogFile(t, sum["log"].(string))
		})
	}
}

// TestInspectScorerSuiteMetricsOverride: a suite's `metrics` replace the
// Inspect scorer's own (here its custom and with-argument ones).
func TestInspectScorerSuiteMetricsOverride(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, ownMetricsSuite(t, "answer_length", "    metrics = [\"mean\", \"inspect_ai/std\"]\n", 1))
	require.Equal(t, cli.ExitOK, code, "%s\nsummary: %v", errOut, sum)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Results.Scores, 1)
	var keys []string
	for _, m := range l.Results.Scores[0].Metrics {
		keys = append(keys, metricKey(m))
	}
	assert.Equal(t, []string{"mean", "std"}, keys)
	assert.InDelta(t, 3.0, float64(l.Results.Scores[0].Metrics[0].Value), 1e-9, "lengths 1..5")
}

// metricKey is a logged metric's key in its EvalScore's metrics object.
func metricKey(m evallog.EvalMetric) string {
	if m.Key != "" {
		return m.Key
	}
	return m.Name
}
