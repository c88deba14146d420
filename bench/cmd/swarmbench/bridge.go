package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// bridgeCalls is how many score calls each side makes per round; the
// median round counts.
const (
	bridgeCalls = 200
	bridgeReps  = 5
)

// bridgeMembers is the record the exec comparison scores: the seed's
// tests_pass() and the Go exec scorer each run one command per member.
var bridgeMembers = []string{"m-1", "m-2", "m-3"}

// benchBridge compares a score call through the Inspect scorer bridge
// (plugins-python/inspect: an Inspect scorer in a Python plugin, its
// sandbox() and get_model() over ScorerHost) with the Go plugin path, both
// as plugin processes the host's manager starts, scored against an
// in-process host whose exec and generate answer at once (so the rows
// measure the call paths, not a sandbox or a model). The bridge imports
// inspect_ai once, after its handshake; the start-up row shows it is not
// paid per call.
func benchBridge(e *env, t *Table) {
	if err := e.bridgeVenv(); err != nil {
		t.Fail("scorer bridge", err)
		return
	}
	ctx := context.Background()
	mgr := plugins.NewManager(nil, plugins.Options{})
	defer mgr.Close()
	start := time.Now()
	inspect, err := e.benchScorer(ctx, mgr, "inspect", filepath.Join(e.root, "plugins-python", "inspect", "swarmhost-scorer-inspect"))
	match := func(s scored) scored { return s.with(map[string]any{"name": "inspect_ai/match"}) }
	if err == nil {
		_, err = scoreN(ctx, match(inspect), 1)
	}
	if err != nil {
		t.Fail("scorer bridge", err)
		return
	}
	startup := time.Since(start)
	seed, err := e.benchScorer(ctx, mgr, "seed", filepath.Join(e.root, "examples", "seed-scorers", "plugins", "swarmhost-scorer-seed"))
	if err != nil {
		t.Fail("scorer bridge", err)
		return
	}
	goMatch, err := e.benchScorer(ctx, mgr, "match", filepath.Join(e.bin, plugins.BinaryName("scorer", "match")))
	if err != nil {
		t.Fail("scorer bridge", err)
		return
	}
	goExec, err := e.benchScorer(ctx, mgr, "exec", filepath.Join(e.bin, plugins.BinaryName("scorer", "exec")))
	if err != nil {
		t.Fail("scorer bridge", err)
		return
	}
	cases := []struct {
		measure, ref string
		ours, theirs scored
	}{
		{"Inspect match() via the bridge", "Go match plugin", match(inspect), goMatch},
		{"seed tests_pass(), sandbox().exec × 3 members", "Go exec scorer, 3 execs",
			seed.with(map[string]any{"name": "seed_scorers:tests_pass"}),
			goExec.with(map[string]any{"command": []any{"sh", "tests/run.sh"}})},
		{"Inspect model_graded_qa(), one host generate", "Inspect match() via the bridge",
			inspect.with(map[string]any{"name": "inspect_ai/model_graded_qa"}), match(inspect)},
	}
	var steady time.Duration
	for _, c := range cases {
		progress("scorer bridge: %s", c.measure)
		ours, ref, err := alternate(ctx, c.ours, c.theirs)
		if err != nil {
			t.Fail("scorer bridge", err)
			return
		}
		if steady == 0 {
			steady = ours
		}
		t.Add(Row{Bench: "scorer bridge", Measure: c.measure, Ours: dur(ours) + "/call", Ref: c.ref + " " + dur(ref) + "/call",
			Ratio: ratio(float64(ours) / float64(ref))})
	}
	x := float64(startup) / float64(steady)
	t.Add(Row{Bench: "scorer bridge", Measure: "start + first score (inspect_ai import) vs a later call",
		Ours: dur(startup), Ref: "a call " + dur(steady), Ratio: ratio(x), Target: "import off the per-call path (≥ 10×)", OK: x >= 10})
}

// bridgeVenv makes sure the repository's .venv (which the Python plugins'
// launchers pick) exists: scripts/venv.sh builds it, or says why not.
func (e *env) bridgeVenv() error {
	out, err := exec.Command(filepath.Join(e.root, "scripts", "venv.sh")).CombinedOutput()
	if err != nil {
		return fmt.Errorf("scripts/venv.sh (the Python plugins' .venv): %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// scored is one scorer plugin with a config (its schema's defaults plus
// the case's attributes).
type scored struct {
	s        scorer.Scorer
	defaults map[string]any
	cfg      schema.Config
}

func (s scored) with(attrs map[string]any) scored {
	all := map[string]any{}
	for k, v := range s.defaults {
		all[k] = v
	}
	for k, v := range attrs {
		all[k] = v
	}
	s.cfg, _ = schema.ConfigFrom(all)
	return s
}

// benchScorer starts a scorer plugin (trusted: the repository's own) and
// reads its schema's defaults.
func (e *env) benchScorer(ctx context.Context, mgr *plugins.Manager, name, path string) (scored, error) {
	if _, err := os.Stat(path); err != nil {
		return scored{}, err
	}
	b := plugins.Binary{Kind: "scorer", Name: name, Path: path, Trust: plugins.Trusted}
	client, err := mgr.Scorer(ctx, b)
	if err != nil {
		return scored{}, err
	}
	infos, err := mgr.Info(ctx, b)
	if err != nil {
		return scored{}, err
	}
	s := scored{s: client.Scorer(name), defaults: map[string]any{}}
	for _, a := range infos[0].Schema.Attributes {
		s.defaults[a.Name] = a.Default
	}
	return s.with(nil), nil
}

// alternate measures both sides round by round (the first round warms up
// and is dropped) and returns the median time per call of each.
func alternate(ctx context.Context, ours, ref scored) (time.Duration, time.Duration, error) {
	var a, b []time.Duration
	for range bridgeReps + 1 {
		x, err := scoreN(ctx, ours, bridgeCalls)
		if err != nil {
			return 0, 0, err
		}
		y, err := scoreN(ctx, ref, bridgeCalls)
		if err != nil {
			return 0, 0, err
		}
		a, b = append(a, x), append(b, y)
	}
	return median(a[1:]), median(b[1:]), nil
}

// scoreN makes n sequential score calls and returns the time per call.
func scoreN(ctx context.Context, s scored, n int) (time.Duration, error) {
	req := scorer.ScoreRequest{Config: s.cfg, Sample: scorer.Sample{ID: "q", Epoch: 1, Target: []string{"42"},
		Input: []model.Message{{Role: model.RoleUser, Content: "What is six times seven?"}}},
		Output: model.TextOutput("mockllm/model", "The answer is 42"), Record: bridgeRecord(), Host: benchHost{}}
	start := time.Now()
	for range n {
		var resp scorer.ScoreResponse
		if err := s.s.Score(ctx, req, &resp); err != nil {
			return 0, err
		}
		if resp.Diagnostics.HasError() {
			return 0, fmt.Errorf("%s: %s", resp.Diagnostics[0].Summary, resp.Diagnostics[0].Detail)
		}
		if v := fmt.Sprint(resp.Score.Value); v != "C" {
			return 0, fmt.Errorf("score %s, want C: %s", v, resp.Score.Explanation)
		}
	}
	return time.Since(start) / time.Duration(n), nil
}

func bridgeRecord() scorer.Record {
	rec := scorer.Record{Version: 1}
	for _, m := range bridgeMembers {
		rec.Members = append(rec.Members, scorer.RecordMember{Name: m, Sandbox: &m})
	}
	return rec
}

// benchHost answers every exec with success and every generate with a
// passing grade, at once.
type benchHost struct{}

func (benchHost) ReadFile(context.Context, string, string) ([]byte, error) {
	return nil, os.ErrNotExist
}

func (benchHost) ListFiles(context.Context, string, string) ([]string, error) { return nil, nil }

func (benchHost) Exec(context.Context, scorer.ExecRequest) (scorer.ExecResult, error) {
	return scorer.ExecResult{}, nil
}

func (benchHost) Generate(context.Context, scorer.GenerateRequest) (scorer.GenerateResponse, error) {
	return scorer.GenerateResponse{Output: model.TextOutput("mockllm/grader", "It matches.\nGRADE: C")}, nil
}

var (
	_ scorer.Host      = benchHost{}
	_ scorer.Generator = benchHost{}
)
