package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerCase is one row of the table both scorers grade: Args are the Go
// scorer's attributes and, by the same names, Inspect's factory arguments.
type scorerCase struct {
	Scorer     string         `json:"scorer"`
	Args       map[string]any `json:"args"`
	Completion string         `json:"completion"`
	Targets    []string       `json:"targets"`
}

// scorerCases is the hand-written table (testdata/python/scorer_cases.json)
// followed by the seeded corpus the Go scorers' own tests replay
// (plugins/scorers/internal/testdata), with their arguments.
func scorerCases(t *testing.T) []scorerCase {
	t.Helper()
	var cases []scorerCase
	raw, err := os.ReadFile(repoPath("host", "e2e", "testdata", "python", "scorer_cases.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &cases))
	raw, err = os.ReadFile(repoPath("plugins", "scorers", "internal", "testdata", "inspect-0.3.260.json"))
	require.NoError(t, err)
	var corpus map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &corpus))
	for _, name := range []string{"match", "includes", "exact", "f1"} {
		var rows []struct {
			scorerCase
			Location   *string `json:"location"`
			IgnoreCase *bool   `json:"ignore_case"`
			Numeric    *bool   `json:"numeric"`
		}
		require.NoError(t, json.Unmarshal(corpus[name], &rows))
		for _, r := range rows {
			c := scorerCase{Scorer: name, Completion: r.Completion, Targets: r.Targets, Args: map[string]any{}}
			if r.Location != nil {
				c.Args = map[string]any{"location": *r.Location, "ignore_case": *r.IgnoreCase, "numeric": *r.Numeric}
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// remoteScorer starts a scorer plugin and returns it with its schema defaults.
func remoteScorer(t *testing.T, m *plugins.Manager, path, name string) (scorer.Scorer, map[string]any) {
	t.Helper()
	b := plugins.Binary{Kind: "scorer", Name: name, Path: path}
	client, err := m.Scorer(context.Background(), b)
	require.NoError(t, err)
	infos, err := m.Info(context.Background(), b)
	require.NoError(t, err)
	defaults := map[string]any{}
	for _, a := range infos[0].Schema.Attributes {
		defaults[a.Name] = a.Default
	}
	return client.Scorer(name), defaults
}

// TestInspectScorerMatchesGoScorers grades the same cases with the inspect
// plugin running Inspect's own scorers (a real plugin process) and with
// plain Inspect of the same venv (testdata/python/inspect_grades.py, no
// bridge, no host), and wants the same value, answer and explanation. On
// the inspect_ai the Go match, includes, exact and f1 plugins follow
// (0.3.260, their recorded corpus) it wants the Go plugins' answers too;
// on another version it logs how many cases that version grades
// differently from them.
func TestInspectScorerMatchesGoScorers(t *testing.T) {
	t.Parallel()
	py := venvPython(t)
	m := plugins.NewManager(nil, plugins.Options{})
	defer m.Close()
	inspect, _ := remoteScorer(t, m, repoPath("plugins-python", "inspect", "swarmhost-scorer-inspect"), "inspect")
	cases := scorerCases(t)
	version, plain := plainInspectGrades(t, py, cases)
	results := make([][2]scorer.Score, len(cases))
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, c := range cases {
		goScorer, defaults := remoteScorer(t, m, filepath.Join(clitest.PluginDir, "swarmhost-scorer-"+c.Scorer), c.Scorer)
		goCfg := map[string]any{}
		for k, v := range defaults {
			goCfg[k] = v
		}
		for k, v := range c.Args {
			goCfg[k] = v
		}
		inspectCfg := map[string]any{"name": "inspect_ai/" + c.Scorer, "args": c.Args}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i][0], errs[i] = scoreOnce(goScorer, goCfg, c)
			if errs[i] == nil {
				results[i][1], errs[i] = scoreOnce(inspect, inspectCfg, c)
			}
		}()
	}
	wg.Wait()
	differ := 0
	for i, c := range cases {
		require.NoError(t, errs[i], "case %d %+v", i, c)
		goScore, got := results[i][0], results[i][1]
		want := plain[i]
		assert.Equal(t, want.Value, got.Value, "value, case %d %+v", i, c)
		assert.Equal(t, want.Answer, got.Answer, "answer, case %d %+v", i, c)
		assert.Equal(t, want.Explanation, got.Explanation, "explanation, case %d %+v", i, c)
		if version == goScorersInspect {
			assert.Equal(t, goScore.Value, got.Value, "Go value, case %d %+v", i, c)
			assert.Equal(t, goScore.Answer, got.Answer, "Go answer, case %d %+v", i, c)
			assert.Equal(t, goScore.Explanation, got.Explanation, "Go explanation, case %d %+v", i, c)
		} else if !assert.ObjectsAreEqual(goScore, got) {
			differ++
		}
	}
	t.Logf("inspect_ai %s: %d cases agree with plain Inspect; %d of them differ from the Go scorers (inspect_ai %s)",
		version, len(cases), differ, goScorersInspect)
}

// goScorersInspect is the inspect_ai whose answers the Go scorers give
// (plugins/scorers/internal/testdata).
const goScorersInspect = "0.3.260"

// plainGrade is one score of plain Inspect (inspect_grades.py).
type plainGrade struct {
	Value       any     `json:"value"`
	Answer      *string `json:"answer"`
	Explanation string  `json:"explanation"`
}

// plainInspectGrades grades the cases with plain Inspect in py's venv and
// returns its inspect_ai version and the scores, in case order.
func plainInspectGrades(t *testing.T, py string, cases []scorerCase) (string, []plainGrade) {
	t.Helper()
	in, err := json.Marshal(cases)
	require.NoError(t, err)
	cmd := exec.Command(py, repoPath("host", "e2e", "testdata", "python", "inspect_grades.py"))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "inspect_grades.py: %s", stderr.String())
	var got struct {
		Version string       `json:"version"`
		Scores  []plainGrade `json:"scores"`
	}
	require.NoError(t, json.Unmarshal(out, &got))
	require.Len(t, got.Scores, len(cases))
	return got.Version, got.Scores
}

// scoreOnce scores one case's completion against its targets.
func scoreOnce(s scorer.Scorer, config map[string]any, c scorerCase) (scorer.Score, error) {
	cfg, err := schema.ConfigFrom(config)
	if err != nil {
		return scorer.Score{}, err
	}
	var resp scorer.ScoreResponse
	err = s.Score(context.Background(), scorer.ScoreRequest{Config: cfg,
		Sample: scorer.Sample{ID: "case", Epoch: 1, Target: c.Targets},
		Output: model.TextOutput("mockllm/model", c.Completion)}, &resp)
	if err == nil && resp.Diagnostics.HasError() {
		err = fmt.Errorf("diagnostics: %v", resp.Diagnostics)
	}
	return resp.Score, err
}

// TestInspectScorerInASuite runs the inspect plugin as a suite names it,
// through the real host, beside the Go match scorer.
func TestInspectScorerInASuite(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "python", "inspect_vs_match.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	got := map[string][2]any{}
	for _, s := range l.Samples {
		got[s.ID.String()] = [2]any{s.Scores["inspect"].Value.Interface(), s.Scores["match"].Value.Interface()}
	}
	assert.Equal(t, map[string][2]any{"number": {"C", "C"}, "phrase": {"C", "C"}, "wrong": {"I", "I"},
		"begin": {"I", "I"}}, got)
	validateLogFile(t, sum["log"].(string))
}

// TestInspectScorerStorePerSample: Inspect's store() in a bridged scorer is
// the sample's own store (state.store, holding the result record), never
// one object shared by every sample the plugin process scores.
func TestInspectScorerStorePerSample(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "python", "inspect_store.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 3)
	for _, s := range l.Samples {
		sc := s.Scores["inspect"]
		assert.Equal(t, "C", sc.Value.Interface(), "%s: %v", s.ID.String(), sc.Explanation)
	}
}

// TestInspectScorerDictScores: an Inspect scorer whose value is a dict
// ({"utility": C/I, "security": 1/0}) with per-key metrics is one score
// per key in the results (each with its metrics), in the run's summary,
// in the log's header (eval.scorers' metrics as Inspect declares them) and
// in Inspect's own readers (read_eval_log, evals_df, samples_df). Before,
// the dict read as 0: "accuracy=0.000", and the metrics were dropped.
func TestInspectScorerDictScores(t *testing.T) {
	t.Parallel()
	py := venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "python", "inspect_dict_scores.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	third, stderrOfThirds := 1.0/3, math.Sqrt(1.0/3)/math.Sqrt(3)
	scores := sum["scores"].(map[string]any)
	require.Contains(t, scores, "utility", "summary: %v", scores)
	assert.InDelta(t, 2*third, scores["utility"].(map[string]any)["accuracy"], 1e-9)
	assert.InDelta(t, stderrOfThirds, scores["utility"].(map[string]any)["stderr"], 1e-9)
	assert.InDelta(t, third, scores["security"].(map[string]any)["accuracy"], 1e-9)
	assert.NotContains(t, scores, "inspect", "the per-key metrics replace the scorer's own entry")

	path := sum["log"].(string)
	l, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, l.Eval.Scorers, 1)
	header, err := json.Marshal(l.Eval.Scorers[0].Metrics)
	require.NoError(t, err)
	assert.JSONEq(t, `{"security": [{"name": "inspect_ai/accuracy", "options": {}}],
		"utility": [{"name": "inspect_ai/accuracy", "options": {}}, {"name": "inspect_ai/stderr", "options": {}}]}`, string(header))
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Regexp(t, `"metrics":\s*\{\s*"utility":`, string(raw), "eval.scorers' keys in the suite's order")
	validateLogFile(t, path)

	out, err := exec.Command(py, repoPath("host", "e2e", "testdata", "python", "inspect_frames.py"), path).Output()
	require.NoError(t, err)
	var frames struct {
		Evals   map[string]any            `json:"evals"`
		Samples map[string]map[string]any `json:"samples"`
		Header  []struct {
			Name, Scorer string
			Metrics      map[string]float64
		} `json:"header"`
	}
	require.NoError(t, json.Unmarshal(out, &frames), "%s", out)
	require.Len(t, frames.Header, 2)
	assert.Equal(t, "utility", frames.Header[0].Name)
	assert.Equal(t, "security", frames.Header[1].Name)
	assert.InDelta(t, 2*third, frames.Header[0].Metrics["accuracy"], 1e-9)
	assert.InDelta(t, 2*third, frames.Evals["score_utility_accuracy"], 1e-9, "evals_df: %v", frames.Evals)
	assert.InDelta(t, stderrOfThirds, frames.Evals["score_utility_stderr"], 1e-9)
	assert.InDelta(t, third, frames.Evals["score_security_accuracy"], 1e-9)
	assert.InDelta(t, 2*third, frames.Evals["score_headline_value"], 1e-9, "evals_df's headline: the first key's first metric")
	require.Contains(t, frames.Samples, "c", "samples_df: %v", frames.Samples)
	assert.JSONEq(t, `{"security": 1, "utility": "C"}`, frames.Samples["c"]["score_inspect"].(string), "samples_df's value")
}
