package e2e

import (
	"cmp"
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// tasksVenv has inspect_ai and inspect-evals for the Inspect task plugin
// (plugins-python/inspect-task, whose launcher runs .venv-tasks).
var tasksVenv = &scriptVenv{script: "venv-from.sh", args: []string{".venv-tasks", "scripts/requirements-tasks.txt"}, need: "inspect-evals cannot be installed", failUnderCI: true}

// localTasksPython is the Python the Inspect task plugin runs with for the tests of task files of
// this repository (no inspect-evals): the task venv on the newest inspect_ai and, in `make test`'s
// second pass of the bridge tests (SWARMHOST_INSPECT_VERSION=oldest), the test venv of the oldest
// supported inspect_ai, which the plugin's launcher then runs ($SWARMHOST_TASK_PYTHON).
func localTasksPython(t *testing.T) string {
	t.Helper()
	if v := os.Getenv(inspectVersionEnv); v != "" && v != "newest" && v != newestInspect(t) {
		py := venvPython(t)
		os.Setenv(plugins.TaskPythonEnvVar, py) // the same in every test of the pass
		return py
	}
	return tasksVenv.pythonOf(t)
}

// tasksPython is the task venv's python. The Inspect task tests of inspect-evals tasks run on the
// newest inspect_ai only (inspect-evals 0.26.0 needs it): `make test`'s second pass of the bridge
// tests on the oldest supported inspect_ai skips them.
func tasksPython(t *testing.T) string {
	t.Helper()
	if v := os.Getenv(inspectVersionEnv); v != "" && v != "newest" && v != newestInspect(t) {
		t.Skipf("%s=%s: the Inspect task tests run on the newest inspect_ai (scripts/requirements-tasks.txt) only", inspectVersionEnv, v)
	}
	return tasksVenv.pythonOf(t)
}

// newestInspect is the newest supported inspect_ai version, the first of scripts/inspect-versions.txt.
func newestInspect(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(repoPath("scripts", "inspect-versions.txt"))
	require.NoError(t, err)
	for _, line := range strings.Split(string(raw), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	return ""
}

// TestInspectTaskPythonUnitTests runs the Inspect task plugin's pytest suite in its venv
// (inspect_ai and inspect-evals: plugins-python/inspect-task/test_inspect_task.py).
func TestInspectTaskPythonUnitTests(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(localTasksPython(t), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:warnings",
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
	code, sum, errOut := runJSON(t, repoPath("examples", "inspect-tasks", "memory.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
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
		var results []string
		for _, e := range s.Events {
			if tool, ok := e.(evallog.ToolEvent); ok && tool.Function == "memory_read" {
				text, _ := tool.Result.(string)
				results = append(results, text)
			}
		}
		store, _ := s.Metadata["memory_store"].(map[string]any)
		keys := slices.Sorted(maps.Keys(store))
		require.Len(t, results, 1, "sample %s: the task's tool ran once, logged once", s.ID)
		_, listed, _ := strings.Cut(results[0], "Available keys: ['")
		got := strings.Split(strings.TrimSuffix(listed, "']"), "', '")
		slices.Sort(got)
		assert.Equal(t, keys, got, "sample %s: the tool read the sample's own store", s.ID)
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

// inspectCase is an inspect-evals task run unchanged under a swarm of one and of three and as plain
// Inspect: its swarms (examples/inspect-tasks/swarms.hcl), its -T arguments, --limit, and plain_inspect.py's flags.
type inspectCase struct {
	task        string
	args        []string
	limit       string
	one, three  string
	plain       []string
	needsImages []string
	// suite, when set, is a suite of examples/inspect-tasks whose evals one and three run the task
	// (for what the one-line form cannot say: its scorers' model, a limit).
	suite string
}

// guardrail is the program mind2web_sc's solver extracts from the model's answer and runs in its
// sandbox (swarms.hcl's model "guard" answers with it).
const guardrail = "Guardrail code:\n```python\nprint('ACTION GRANTED')\n```"

var inspectCases = map[string]inspectCase{
	// setup steps (system_message, the task's tools and store), dict-valued scores with per-key metrics
	"agent_threat_bench_memory_poison": {task: "inspect_evals/agent_threat_bench_memory_poison",
		args: []string{"difficulty=easy"}, one: "one", three: "three"},
	// a compose sandbox (its image built here, never pulled), grouped metrics, the solver run whole
	"mind2web_sc": {task: "inspect_evals/mind2web_sc", limit: "6", one: "guard_one", three: "guard_three",
		plain: []string{"--sandbox", "local", "--output", guardrail}, needsImages: []string{"python:3.12-bookworm"}},
	// setup steps giving other tools (a customer database, a messaging tool) and another store
	"agent_threat_bench_data_exfil": {task: "inspect_evals/agent_threat_bench_data_exfil", one: "one", three: "three"},
	// a dataset its prompt generator makes in Python, a message-list input, a model-graded scorer whose
	// grader (the task argument grader_model) is the host's scorer model (misalignment.hcl)
	"agentic_misalignment": {task: "inspect_evals/agentic_misalignment", suite: "misalignment.hcl",
		plain: []string{"--message-limit", "4", "--grader", "grader_model=<answer>no</answer>"}},
}

// TestInspectTasksAgreeWithInspect runs each inspect-evals task of inspectCases unchanged with the
// one-line form (`swarmhost run TASK --swarm swarms.hcl:SWARM -T k=v`) as a swarm of one and a
// swarm of three running the task's own solver, and with plain Inspect beside them, offline. The
// swarm of one gives every sample the score plain Inspect gives it and the task's metrics the same
// values; the swarm of three scores every sample; Inspect's readers (read_eval_log, the sample
// reader, evals_df, samples_df) and inspect_swarm.analysis (SwarmColumns, swarm_ledger) read
// every log.
func TestInspectTasksAgreeWithInspect(t *testing.T) {
	t.Parallel()
	py := tasksPython(t)
	for name, c := range inspectCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if len(c.needsImages) > 0 {
				needContainers(t, c.needsImages...)
			}
			plain := runPlainInspectTask(t, py, c)
			one, three := runInspectSwarm(t, c, cmp.Or(c.one, "one")), runInspectSwarm(t, c, cmp.Or(c.three, "three"))
			logs := readInspectLogs(t, py, plain, one, three)
			p, o, th := logs[0], logs[1], logs[2]
			require.NotEmpty(t, p.Scores)
			assert.Equal(t, p.Scores, o.Scores, "a swarm of one scores every sample as plain Inspect does")
			assert.Equal(t, p.Metrics, o.Metrics, "and the task's metrics agree")
			assert.Len(t, th.Scores, len(p.Scores), "the swarm of three scores every sample")
			for _, l := range logs {
				assert.Equal(t, c.task, l.Task, l.Path)
				assert.Equal(t, "success", l.Status, l.Path)
				assert.Equal(t, 1, l.EvalsDF, l.Path)
				assert.Equal(t, len(p.Scores), l.SamplesDF, l.Path)
			}
			for _, l := range []inspectLog{o, th} {
				assert.Equal(t, len(p.Scores), l.Swarm, "inspect_swarm.analysis reads %s", l.Path)
				assert.Equal(t, len(p.Scores), l.Ledgers, "swarm_ledger() validates every sample of %s", l.Path)
			}
			viewerServes(t, py, plain, one, three)
		})
	}
}

// runPlainInspectTask runs c's task with plain Inspect (plain_inspect.py) and returns its log.
func runPlainInspectTask(t *testing.T, py string, c inspectCase) string {
	t.Helper()
	args := append([]string{repoPath("host", "e2e", "testdata", "inspect_task", "plain_inspect.py")}, c.plain...)
	if c.limit != "" {
		args = append(args, "--limit", c.limit)
	}
	args = append(append(args, c.task, t.TempDir()), c.args...)
	cmd := exec.Command(py, args...)
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.Output()
	var stderr []byte
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = ee.Stderr
	}
	require.NoError(t, err, "plain Inspect on %s:\n%s", c.task, stderr)
	return strings.TrimSpace(string(out))
}

// runInspectSwarm runs c's task with the swarm of swarms.hcl (or c's suite's eval) and returns its log.
func runInspectSwarm(t *testing.T, c inspectCase, swarm string) string {
	t.Helper()
	if c.suite != "" {
		code, sum, errOut := runJSON(t, repoPath("examples", "inspect-tasks", c.suite), "--eval", swarm)
		require.Equal(t, cli.ExitOK, code, "eval %s of %s: %s", swarm, c.suite, errOut)
		return sum["log"].(string)
	}
	args := []string{c.task, "--swarm", repoPath("examples", "inspect-tasks", "swarms.hcl") + ":" + swarm}
	for _, a := range c.args {
		args = append(args, "-T", a)
	}
	if c.limit != "" {
		args = append(args, "--limit", c.limit)
	}
	code, sum, errOut := runJSON(t, args...)
	require.Equal(t, cli.ExitOK, code, "swarm %s on %s: %s", swarm, c.task, errOut)
	return sum["log"].(string)
}

// inspectLog is what read_logs.py read from one log.
type inspectLog struct {
	Path      string                    `json:"path"`
	Task      string                    `json:"task"`
	Status    string                    `json:"status"`
	Scores    map[string]map[string]any `json:"scores"`
	Metrics   map[string]any            `json:"metrics"`
	EvalsDF   int                       `json:"evals_df"`
	SamplesDF int                       `json:"samples_df"`
	Swarm     int                       `json:"swarm"`
	Ledgers   int                       `json:"ledgers"`
}

// readInspectLogs reads the logs with Inspect's readers and Inspect Swarm's analysis (read_logs.py).
func readInspectLogs(t *testing.T, py string, paths ...string) []inspectLog {
	t.Helper()
	cmd := exec.Command(py, append([]string{repoPath("host", "e2e", "testdata", "inspect_task", "read_logs.py")}, paths...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "read_logs.py:\n%s", stderr.String())
	var logs []inspectLog
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var l inspectLog
		require.NoError(t, json.Unmarshal([]byte(line), &l), line)
		logs = append(logs, l)
	}
	require.Len(t, logs, len(paths))
	return logs
}

// TestInspectTaskBadInput: what cannot run says what and why before any sample runs (the fixtures
// are plugins-python/inspect-task/testdata/fixture_tasks.py).
func TestInspectTaskBadInput(t *testing.T) {
	t.Parallel()
	localTasksPython(t)
	fixture := func(name string) string {
		return repoPath("plugins-python", "inspect-task", "testdata", "fixture_tasks.py") + "@" + name
	}
	swarm := repoPath("examples", "inspect-tasks", "swarms.hcl") + ":one"
	cases := map[string]struct {
		args []string
		want []string
	}{
		"neither a task nor a suite": {[]string{"inspect_evals/no_such_task", "--swarm", swarm},
			[]string{"Not an Inspect task", "as a file", "as package.module:task", "as a registry name",
				"as a suite (a .hcl file or a directory): inspect_evals/no_such_task: no such file or directory"}},
		"no swarm": {[]string{"inspect_evals/no_such_task"},
			[]string{"neither a suite nor an Inspect task", "no such file or directory", "add --swarm SUITE:SWARM"}},
		"solver that cannot take a swarm": {[]string{fixture("unsplittable"), "--swarm", swarm},
			[]string{"The task's solver cannot take a swarm", "step 1 of the task's solver, generate(), runs the model before the last step"}},
		"sandbox without a provider": {[]string{fixture("no_provider"), "--swarm", swarm},
			[]string{"Unsupported sandbox", `the task's sandbox type "ec2" has no provider in swarmhost`}},
		"a sample's own sandbox without a provider": {[]string{fixture("own_sandbox_without_provider"), "--swarm", swarm},
			[]string{`sample x: its own sandbox: the sandbox type "ec2" has no provider in swarmhost`}},
		"a row Inspect would reject": {[]string{fixture("no_input"), "--swarm", swarm},
			[]string{"dataset row 2: id 'c': the sample has no input"}},
		"a value a log cannot hold": {[]string{fixture("bad_row"), "--swarm", swarm},
			[]string{"dataset row 1: id 'b'", "cannot be written to the log"}},
		"data downloaded at run time": {[]string{fixture("downloads"), "--swarm", swarm},
			[]string{"The task's data cannot be downloaded", "https://data.invalid/swarmhost/never.jsonl"}},
		"a swarm the suite lacks": {[]string{fixture("generated"), "--swarm",
			repoPath("examples", "inspect-tasks", "swarms.hcl") + ":nosuch"},
			[]string{"swarm.nosuch"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			code, out, errOut := runCLI(t, append([]string{"run", "--log-dir", dir}, c.args...)...)
			assert.NotEqual(t, cli.ExitOK, code)
			for _, w := range c.want {
				assert.Contains(t, out+errOut, w)
			}
			entries, _ := os.ReadDir(dir)
			assert.Empty(t, entries, "nothing ran, no log was written")
		})
	}
}

// viewerServes serves the logs with Inspect's viewer (`inspect view`, inspect_ai 0.3.285) and asks it
// for each one as the viewer's page does: the log list, then each whole log by the name the list gives,
// parsed by the viewer's server into its EvalLog.
func viewerServes(t *testing.T, py string, paths ...string) {
	t.Helper()
	dir := t.TempDir()
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(p)), raw, 0o644))
	}
	base := serveLogs(t, py, dir)
	var list struct {
		Files []struct {
			Name string `json:"name"`
		} `json:"files"`
	}
	getJSON(t, base+"/api/log-files", &list)
	require.Len(t, list.Files, len(paths), "the viewer lists every log")
	for _, f := range list.Files {
		var log struct {
			Eval struct {
				Task string `json:"task"`
			} `json:"eval"`
			Samples []any `json:"samples"`
		}
		getJSON(t, base+"/api/logs/"+url.PathEscape(f.Name), &log)
		assert.NotEmpty(t, log.Eval.Task, "the viewer reads %s", f.Name)
		assert.NotEmpty(t, log.Samples, "the viewer reads the samples of %s", f.Name)
	}
}

// getJSON gets u and decodes its JSON answer into v, requiring 200 OK.
func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, u)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(v), u)
}

// TestInspectTaskSampleSandboxes: each sample of an Inspect task that brings its own compose file
// (Inspect's Sample.sandbox) runs in that file's containers: the task's solver, as the member, reads
// the variable each file sets and answers with it.
func TestInspectTaskSampleSandboxes(t *testing.T) {
	t.Parallel()
	localTasksPython(t)
	needContainers(t, "localhost/swarmhost-busybox:2")
	task := repoPath("plugins-python", "inspect-task", "testdata", "fixture_tasks.py") + "@own_sandboxes"
	code, sum, errOut := runJSON(t, task, "--swarm", repoPath("examples", "inspect-tasks", "swarms.hcl")+":one")
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	for _, s := range l.Samples {
		assert.Equal(t, s.ID.String(), s.Output.Completion, "sample %s ran in its own compose file's container", s.ID)
		assert.Equal(t, "C", s.Scores["match"].Value.Interface(), s.ID.String())
	}
}

// TestInspectTaskResume: a log of the one-line form records its Inspect task, arguments and swarm, so
// `swarmhost run --resume LOG` rebuilds the same eval from the log alone (here a complete log: nothing
// is left to run).
func TestInspectTaskResume(t *testing.T) {
	t.Parallel()
	tasksPython(t)
	code, sum, errOut := runJSON(t, "inspect_evals/agent_threat_bench_memory_poison", "-T", "difficulty=hard",
		"--swarm", repoPath("examples", "inspect-tasks", "swarms.hcl")+":one")
	require.Equal(t, cli.ExitOK, code, errOut)
	log := sum["log"].(string)
	_, out, errOut := runCLI(t, "run", "--resume", log)
	assert.Contains(t, out+errOut, "eval agent_threat_bench_memory_poison: resume")
	assert.Contains(t, out+errOut, "the log is complete (status success); nothing to resume")
}

// TestInspectTaskSetupAndTools (host/e2e/testdata/inspect_task/setup_reaches.hcl, the task
// fixture_tasks.py@setup_reaches): a setup step reaches what Inspect gives it — get_model() is the
// eval's model (its call logged in the sample's setup span, before the swarm) and sandbox() the
// sample's sandbox, where the note it writes is what the members find — and the task's tool
// (use_tools) is offered to the members other than the task's own solver: a Go react member and
// Inspect's react() bridged (with no sandbox tools of its own) call it, the task plugin runs it on the
// sample's store with the member's sandbox, the host logs each call once, and the task's scorer sees
// what it stored. Then the log's retry routes: `inspect eval-retry` finds
// the task (the log names its file and arguments) and stops before any sample runs, naming
// `swarmhost run --resume LOG`, which takes the log.
func TestInspectTaskSetupAndTools(t *testing.T) {
	t.Parallel()
	py := localTasksPython(t)
	venvPython(t) // the bridged react() member's
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspect_task", "setup_reaches.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	logPath := sum["log"].(string)
	t.Run("eval-retry", func(t *testing.T) {
		retryDir := t.TempDir()
		cmd := exec.Command(filepath.Join(filepath.Dir(py), "inspect"), "eval-retry", logPath, "--log-dir", retryDir)
		out, err := cmd.CombinedOutput()
		require.Error(t, err, "%s", out)
		assert.Contains(t, string(out), "its solver is the swarm 'solver_and_react' (members: solver, react, bridged), which `inspect eval-retry` cannot re-create")
		assert.Contains(t, string(out), "swarmhost run --resume LOG")
		entries, _ := os.ReadDir(retryDir)
		assert.Empty(t, entries, "eval-retry ran no sample")
		_, out2, errOut := runCLI(t, "run", "--resume", logPath)
		assert.Contains(t, out2+errOut, "the log is complete (status success); nothing to resume")
	})
	l, err := evallog.Read(logPath)
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	for _, s := range l.Samples {
		note := s.ID.String() + ": Default output from mockllm/model"
		score := s.Scores["note_read"]
		require.NotNil(t, score.Explanation, s.ID.String())
		assert.Equal(t, "C", score.Value.Interface(), "sample %s: the member read the setup's note", s.ID)
		assert.Equal(t, note, *score.Explanation, "sample %s: the setup wrote the model's answer into the sandbox", s.ID)
		setupSpan := ""
		var setupCalls, reads []string
		readerCalls := 0
		for _, e := range s.Events {
			switch e := e.(type) {
			case evallog.SpanBeginEvent:
				if e.Name == "setup" {
					setupSpan = e.ID
				}
			case evallog.ModelEvent:
				if e.SpanID == setupSpan && setupSpan != "" {
					setupCalls = append(setupCalls, e.Output.Completion)
					assert.EqualValues(t, 0.25, e.Config["temperature"], "the task's config reaches the eval's model")
				}
				if e.Model == "mockllm/reader" {
					readerCalls++
					assert.EqualValues(t, 3, e.Config["max_retries"], "another model inherits the task's operational keys")
					assert.NotContains(t, e.Config, "temperature", "but not the others, as in Inspect")
				}
			case evallog.ToolEvent:
				if e.Function == "read_note" {
					text, _ := e.Result.(string)
					reads = append(reads, text)
				}
			}
		}
		assert.Equal(t, []string{"Default output from mockllm/model"}, setupCalls, "sample %s: the setup's model call, in its span", s.ID)
		assert.Equal(t, []string{note, note}, reads, "sample %s: each react member's call of the task's tool, logged once", s.ID)
		assert.Positive(t, readerCalls, "sample %s: the react members' calls", s.ID)
	}
}
