package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// tasksVenv has inspect_ai and inspect-evals for the Inspect task plugin
// (plugins-python/inspect-task, whose launcher runs .venv-tasks).
var tasksVenv = &scriptVenv{script: "venv-tasks.sh", need: "inspect-evals cannot be installed", failUnderCI: true}

func tasksPython(t *testing.T) string { return tasksVenv.pythonOf(t) }

// TestInspectTaskPythonUnitTests runs the Inspect task plugin's pytest suite in its venv
// (inspect_ai and inspect-evals: plugins-python/inspect-task/test_inspect_task.py).
func TestInspectTaskPythonUnitTests(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(tasksPython(t), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:warnings",
		"plugins-python/inspect-task")
	cmd.Dir = testplugins.Root()
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "pytest:\n%s", out)
	assert.Regexp(t, `\d+ passed`, string(out))
}

// TestInspectTaskMemoryPoison runs inspect-evals' agent_threat_bench_memory_poison, unchanged, as the
// task of a swarm of one running the task's own solver: the log names the Inspect task and its
// arguments, the plan shows its setup steps before the swarm, each sample keeps its own store (what
// the task's setup step put there), and the dict-valued scores carry the task's per-key metrics.
func TestInspectTaskMemoryPoison(t *testing.T) {
	t.Parallel()
	tasksPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "cli", "testdata", "inspect_task", "memory.hcl"))
	require.Equal(t, ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	assert.Equal(t, "inspect_evals/agent_threat_bench_memory_poison", l.Eval.Task)
	assert.Equal(t, "inspect_evals/agent_threat_bench_memory_poison", l.Eval.TaskRegistryName)
	assert.Equal(t, map[string]any{"difficulty": "easy"}, l.Eval.TaskArgsPassed)
	assert.Contains(t, l.Eval.Packages, "inspect_evals")
	var steps []string
	for _, s := range l.Plan.Steps {
		steps = append(steps, s.Solver)
	}
	assert.Equal(t, []string{"system_message", "inspect_evals/use_agent_threat_bench_tools", "swarmhost/swarm"}, steps)
	require.NotEmpty(t, l.Samples)
	stores := map[string]bool{}
	for _, s := range l.Samples {
		assert.Equal(t, "system", s.Messages[0].Role, "the setup's system message opens the conversation")
		mem, ok := s.Store["memory_store"]
		require.True(t, ok, "sample %s: the setup step's store is logged", s.ID)
		b, _ := json.Marshal(mem)
		stores[string(b)] = true
		v, ok := s.Scores["agent_threat_bench_scorer"].Value.Interface().(map[string]any)
		require.True(t, ok, "sample %s: a dict-valued score", s.ID)
		assert.Equal(t, map[string]any{"utility": "I", "security": "C"}, v, "mockllm's default answer")
	}
	assert.Len(t, stores, len(l.Samples), "each sample has its own store")
	names := map[string]float64{}
	for _, es := range l.Results.Scores {
		names[es.Name] = float64(es.Metrics[0].Value)
	}
	assert.Equal(t, map[string]float64{"utility": 0, "security": 1}, names, "the task's own metrics per key")
}
