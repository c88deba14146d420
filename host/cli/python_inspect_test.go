package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
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
	raw, err := os.ReadFile(repoPath("host", "cli", "testdata", "python", "scorer_cases.json"))
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

// TestInspectScorerMatchesGoScorers grades the same cases with the Go
// match, includes, exact and f1 plugins and with the inspect plugin running
// Inspect's own scorers, both as real plugin processes, and wants the same
// value, answer and explanation.
func TestInspectScorerMatchesGoScorers(t *testing.T) {
	t.Parallel()
	venvPython(t)
	m := plugins.NewManager(nil, plugins.Options{})
	defer m.Close()
	inspect, _ := remoteScorer(t, m, repoPath("plugins-python", "inspect", "swarmhost-scorer-inspect"), "inspect")
	cases := scorerCases(t)
	results := make([][2]scorer.Score, len(cases))
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, c := range cases {
		goScorer, defaults := remoteScorer(t, m, filepath.Join(pluginDir, "swarmhost-scorer-"+c.Scorer), c.Scorer)
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
	for i, c := range cases {
		require.NoError(t, errs[i], "case %d %+v", i, c)
		want, got := results[i][0], results[i][1]
		assert.Equal(t, want.Value, got.Value, "value, case %d %+v", i, c)
		assert.Equal(t, want.Answer, got.Answer, "answer, case %d %+v", i, c)
		assert.Equal(t, want.Explanation, got.Explanation, "explanation, case %d %+v", i, c)
	}
	t.Logf("%d cases agree", len(cases))
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
	code, sum, errOut := runJSON(t, repoPath("host", "cli", "testdata", "python", "inspect_vs_match.hcl"))
	require.Equal(t, ExitOK, code, errOut)
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
	code, sum, errOut := runJSON(t, repoPath("host", "cli", "testdata", "python", "inspect_store.hcl"))
	require.Equal(t, ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 3)
	for _, s := range l.Samples {
		sc := s.Scores["inspect"]
		assert.Equal(t, "C", sc.Value.Interface(), "%s: %v", s.ID.String(), sc.Explanation)
	}
}
