package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// logShape is a log as testdata/inspectswarm/shapes.py saw it through
// Inspect's own readers.
type logShape struct {
	MessagesDF     int            `json:"messages_df"`
	EventsDF       int            `json:"events_df"`
	SamplesDF      int            `json:"samples_df"`
	MessagesByRole map[string]int `json:"messages_by_role"`
	NoID           int            `json:"messages_without_id"`
	EventsByType   map[string]int `json:"events_by_type"`
	Spans          []spanShape    `json:"spans"`
	Timelines      []struct {
		Name   string `json:"name"`
		Events int    `json:"events"`
		InSpan bool   `json:"in_span"`
	} `json:"timelines"`
	Tools        map[string]int `json:"tools"`
	ToolAgents   []string       `json:"tool_agents"`
	Evidence     map[string]int `json:"evidence"`
	TurnCount    *int           `json:"turn_count"`
	ErrorRetries []any          `json:"error_retries"`
	Header       headerShape    `json:"header"`
}

// headerShape is the header fields shapes.py compares.
type headerShape struct {
	Scorers []struct {
		Name    string         `json:"name"`
		Options map[string]any `json:"options"`
		Metrics []string       `json:"metrics"`
	} `json:"scorers"`
	TaskDisplayName  string           `json:"task_display_name"`
	TaskRegistryName string           `json:"task_registry_name"`
	GenerateConfig   map[string]any   `json:"model_generate_config"`
	BaseURL          *string          `json:"model_base_url"`
	Sandbox          *string          `json:"sandbox"`
	ScoreParams      []map[string]any `json:"score_params"`
}

type spanShape struct {
	Name   string  `json:"name"`
	Type   string  `json:"type"`
	Parent *string `json:"parent"`
}

// peerVenv is the peer venv (make venv-peer): Inspect Swarm 0.1.0 and
// inspect_ai 0.3.285 with pandas.
var peerVenv = &scriptVenv{script: "venv-from.sh", args: []string{".venv-peer", "scripts/requirements-peer.txt"}, need: "Inspect Swarm 0.1.0 cannot be installed", failUnderCI: true}

// peerPython returns the python of the peer venv. It skips, saying why,
// under -short (the peer is make parity's, and `make test`'s) and when PyPI
// cannot be reached and CI is not set.
func peerPython(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs Inspect Swarm itself (the peer venv)")
	}
	return peerVenv.pythonOf(t)
}

// writePackageLog runs testdata/inspectswarm/task.py with Inspect Swarm
// 0.1.0 (in the peer venv, scripts/requirements-peer.txt) through `inspect
// eval` and returns the .eval log it wrote.
func writePackageLog(t *testing.T) string {
	t.Helper()
	py := peerPython(t)
	dir := t.TempDir()
	cmd := exec.Command(filepath.Join(filepath.Dir(py), "inspect"), "eval", "task.py",
		"--model", "mockllm/model", "--log-dir", dir, "--display", "none")
	cmd.Dir = repoPath("host", "e2e", "testdata", "inspectswarm")
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "INSPECT_DISPLAY=none")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "inspect eval:\n%s", out)
	logs, err := filepath.Glob(filepath.Join(dir, "*.eval"))
	require.NoError(t, err)
	require.Len(t, logs, 1, "inspect eval wrote one log:\n%s", out)
	return logs[0]
}

// shapesOf reads logs with shapes.py.
func shapesOf(t *testing.T, paths ...string) []logShape {
	t.Helper()
	py := peerPython(t)
	cmd := exec.Command(py, append([]string{repoPath("host", "e2e", "testdata", "inspectswarm", "shapes.py")}, paths...)...)
	cmd.Dir = testplugins.Root()
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "shapes.py:\n%s", stderr.String())
	var out []logShape
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var s logShape
		require.NoError(t, json.Unmarshal([]byte(line), &s), line)
		out = append(out, s)
	}
	require.Len(t, out, len(paths))
	return out
}

// TestLogsMatchInspectSwarm runs the same task with swarmhost (twins.hcl)
// and with Inspect Swarm 0.1.0 (task.py) and reads both logs with
// Inspect's readers: the same samples_df, events_df and messages_df row
// counts (messages by role, events by type), every message with an id
// (in the sample and in every model call), the same span tree (init,
// solvers → solver → swarm → one agent span per member → a tool span per
// call; scorers → scorer), one timeline per member naming only events of
// its span, a tool event for every call (submit too, and the one whose
// arguments fail), none claiming to be an agent handoff, and the same
// evidence (the ledger and metrics too), each result naming its span.
func TestLogsMatchInspectSwarm(t *testing.T) {
	t.Parallel()
	pkg := writePackageLog(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspectswarm", "twins.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	shapes := shapesOf(t, pkg, sum["log"].(string))
	want, got := shapes[0], shapes[1]

	assert.Equal(t, want.SamplesDF, got.SamplesDF, "samples_df rows")
	assert.Equal(t, want.EventsDF, got.EventsDF, "events_df rows")
	assert.Equal(t, want.EventsByType, got.EventsByType, "events by type")
	assert.Equal(t, want.MessagesDF, got.MessagesDF, "messages_df rows")
	assert.Equal(t, want.MessagesByRole, got.MessagesByRole, "messages by role")
	assert.Zero(t, got.NoID, "every message has an id")

	assert.Equal(t, renamedSolver(want.Spans), renamedSolver(got.Spans), "span tree")
	assert.Equal(t, want.Timelines, got.Timelines, "one timeline per member")
	for _, tl := range got.Timelines {
		assert.True(t, tl.InSpan, "timeline %s names only its member's events", tl.Name)
	}
	assert.Equal(t, map[string]int{"submit": 3}, got.Tools, "a tool event for every call")
	assert.Equal(t, want.Tools, got.Tools)
	assert.Equal(t, []string{"None"}, got.ToolAgents, "no tool call is an agent handoff")
	assert.Equal(t, want.Evidence, got.Evidence, "evidence by type/kind")
	assert.Equal(t, want.TurnCount, got.TurnCount, "turn_count")
	assert.Equal(t, []any{}, got.ErrorRetries, "error_retries")
	assert.Equal(t, want.ErrorRetries, got.ErrorRetries)
	checkHeader(t, want.Header, got.Header)
}

// checkHeader compares the header fields: the same scorers and metrics,
// each scorer's options (and its score's params) holding the package's
// (swarmhost writes the defaults too), the same task names, generate
// config, base URL and sandbox.
func checkHeader(t *testing.T, want, got headerShape) {
	t.Helper()
	require.Len(t, got.Scorers, len(want.Scorers))
	for i, w := range want.Scorers {
		g := got.Scorers[i]
		assert.Equal(t, w.Name, g.Name)
		assert.Equal(t, w.Metrics, g.Metrics, "scorer %s metrics", w.Name)
		for k, v := range w.Options {
			assert.Equal(t, v, g.Options[k], "scorer %s option %s", w.Name, k)
			assert.Equal(t, v, got.ScoreParams[i][k], "score %s param %s", w.Name, k)
		}
	}
	assert.Equal(t, want.TaskDisplayName, got.TaskDisplayName)
	assert.Equal(t, want.TaskRegistryName, got.TaskRegistryName)
	assert.Equal(t, want.GenerateConfig, got.GenerateConfig)
	assert.Equal(t, want.BaseURL, got.BaseURL)
	assert.Equal(t, want.Sandbox, got.Sandbox)
}

// renamedSolver names the swarm's solver span alike on both sides.
func renamedSolver(spans []spanShape) []spanShape {
	out := make([]spanShape, len(spans))
	for i, s := range spans {
		if s.Name == "inspect_swarm/swarm" || s.Name == "swarmhost/swarm" {
			s.Name = "<solver>"
		}
		if s.Parent != nil && (*s.Parent == "inspect_swarm/swarm" || *s.Parent == "swarmhost/swarm") {
			p := "<solver>"
			s.Parent = &p
		}
		out[i] = s
	}
	return out
}
