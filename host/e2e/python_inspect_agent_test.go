package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestInspectReactMembers runs examples/inspect-react: Inspect's own
// react(), unchanged, in the inspect agent plugin (plugins-python/
// inspect-agent), calls the host's model, answers through its own submit
// tool (which the host logs as a tool event in the member's span, through
// AgentHost.RecordTool) and ends submitted, as under Inspect Swarm.
func TestInspectReactMembers(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("examples", "inspect-react"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	for _, s := range l.Samples {
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"reactor-1": "submitted", "reactor-2": "submitted"}, statuses(rec), s.ID.String())
		kinds, submits := map[string]int{}, 0
		for _, e := range s.Events {
			kinds[e.EventType()]++
			if tool, ok := e.(evallog.ToolEvent); ok && tool.Function == "submit" {
				submits++
				assert.Equal(t, map[string]any{"answer": "Paris"}, tool.Arguments)
			}
		}
		assert.Equal(t, 2, kinds["model"], "one generate per member: %v", kinds)
		assert.Equal(t, 2, submits, "each member's own submit tool is logged: %v", kinds)
		assert.Contains(t, s.Output.Completion, "Paris")
	}
	validateLogFile(t, sum["log"].(string))
}

// TestInspectAgentSandbox: an Inspect agent's sandbox() is the member's own
// local sandbox, reached through AgentHost's sandbox calls: it writes a
// file, cats it and reads it back, and its answer is what it read.
func TestInspectAgentSandbox(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspect_agent", "sandbox.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	s := l.Samples[0]
	assert.Equal(t, map[string]string{"writer": "submitted"}, statuses(readRecord(t, s)))
	assert.Equal(t, "from the sandbox|from the sandbox", s.Output.Completion)
	assert.Equal(t, "C", s.Scores["match"].Value.Interface(), "the match scorer saw the exact answer")
}

// TestInspectAgentHostToolLoggedOnce: a host tool an Inspect agent calls
// (react() running the host's bash) is one tool event in the log, under the
// id of the model's tool call, with the host's result — not one from the
// host and a second one the log rebuilt from the model's call.
func TestInspectAgentHostToolLoggedOnce(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspect_agent", "host_tool.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	for _, s := range l.Samples {
		var calls []string
		for _, e := range s.Events {
			if tool, ok := e.(evallog.ToolEvent); ok {
				calls = append(calls, tool.Function+" "+tool.ID)
				if tool.Function == "bash" {
					assert.Contains(t, tool.Result, "hi", "the host's result")
				}
			}
		}
		require.Len(t, calls, 2, "one bash, one submit: %v", calls)
		assert.Regexp(t, `^bash mock_\d+_1$`, calls[0], "the model's tool call id")
		assert.Regexp(t, `^submit mock_\d+_1$`, calls[1])
		assert.Equal(t, "C", s.Scores["match"].Value.Interface())
	}
	validateLogFile(t, sum["log"].(string))
}

// TestInspectAgentHundredMembers runs 100 bridged react() members in one
// sample over the plugin's two worker processes: every member makes its
// call and submits.
// Under inspect_ai 0.3.285 the 21st concurrent member waited forever for a
// connection slot (Inspect's adaptive limit starts at 20, and a slot freed
// in one member's event loop never wakes another's), and the run hung.
func TestInspectAgentHundredMembers(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspect_agent", "hundred.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	s := l.Samples[0]
	got := statuses(readRecord(t, s))
	require.Len(t, got, 100)
	for name, status := range got {
		assert.Equal(t, "submitted", status, name)
	}
	models := 0
	for _, e := range s.Events {
		if e.EventType() == "model" {
			models++
		}
	}
	assert.Equal(t, 100, models, "one generate per member")
	assert.Equal(t, "C", s.Scores["match"].Value.Interface())
}

// TestInspectAgentStorePerSample: Inspect's store() in bridged members is
// their sample's store — shared by the sample's two members, holding
// nothing of the other sample (which ran first, in the same plugin
// process: before, store() was one object per process and the second
// sample's members read the first's data) — and each member runs in its
// own tool-state scope where inspect_ai has them (0.3.28x).
func TestInspectAgentStorePerSample(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspect_agent", "store.hcl"), "--max-samples", "1")
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	scope := "scoped"
	if v := os.Getenv(inspectVersionEnv); v != "" && v != "newest" {
		scope = "(scoped|n/a)" // inspect_ai before tool-state scopes
	}
	inputs := map[string]string{"a": "alpha", "b": "beta"}
	for _, s := range l.Samples {
		id := s.ID.String()
		assert.Equal(t, map[string]string{"spy-a": "submitted", "spy-b": "submitted"}, statuses(readRecord(t, s)), id)
		assert.Regexp(t, "^"+inputs[id]+`\|spy-a,spy-b\|`+scope+"$", s.Output.Completion, id)
	}
}

// TestInspectAgentMembersSpreadOverWorkers: the eight members of one sample
// run in both worker processes of the plugin's pool (workers = 2), each
// serving several, and every member submits. Each member creates a file
// named by its process's pid.
func TestInspectAgentMembersSpreadOverWorkers(t *testing.T) {
	t.Parallel()
	venvPython(t)
	dir := t.TempDir()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspect_agent", "spread.hcl"), "--var", "dir="+dir)
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	got := statuses(readRecord(t, l.Samples[0]))
	require.Len(t, got, 8)
	for name, status := range got {
		assert.Equal(t, "submitted", status, name)
	}
	pids, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	assert.Len(t, pids, 2, "the members ran in both workers: %v", pids)
}
