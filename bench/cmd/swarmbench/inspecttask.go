package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// inspectTaskBench is the Inspect task the row runs, unchanged: its setup steps, its tools, its
// dict-valued scorer; inspectTaskFew and inspectTaskMany its sample counts (-T difficulty selects
// them), so that the difference of two runs is the cost of the samples alone, start-up excluded.
const (
	inspectTaskBench = "inspect_evals/agent_threat_bench_memory_poison"
	inspectTaskReps  = 3
)

var (
	inspectTaskFew  = []string{"--limit", "2"}
	inspectTaskMany = []string{"--limit", "10"}
	inspectTaskN    = 8 // samples between the two
)

// benchInspectTask compares an Inspect task run unchanged under a swarm of one running the task's
// own solver (the one-line form, through the Inspect task plugin) with plain Inspect on the same task
// and the same mockllm answers, side by side: each side's cost per sample is the difference between
// a 10-sample and a 2-sample run over the 8 samples between (medians of alternated runs), so neither
// side's start-up (inspect_ai's import, the host's plugin start) counts.
func benchInspectTask(e *env, t *Table) {
	py, err := e.tasksVenv()
	if err != nil {
		t.Fail("inspect task", err)
		return
	}
	swarms := filepath.Join(e.root, "examples", "inspect-tasks", "swarms.hcl")
	plainScript := filepath.Join(e.root, "host", "e2e", "testdata", "inspect_task", "plain_inspect.py")
	ours := func(limit []string) *exec.Cmd {
		args := append([]string{"run", inspectTaskBench, "--swarm", swarms + ":one", "--display", "none",
			"--log-dir", e.tmp("inspect-task")}, limit...)
		return exec.Command(filepath.Join(e.bin, "swarmhost"), args...)
	}
	plain := func(limit []string) *exec.Cmd {
		return exec.Command(py, append(append([]string{plainScript}, limit...), inspectTaskBench, e.tmp("inspect-plain"))...)
	}
	progress("inspect task: %s, swarm of one vs plain Inspect", inspectTaskBench)
	var oursPer, plainPer []time.Duration
	for range inspectTaskReps {
		for _, side := range []struct {
			cmd func([]string) *exec.Cmd
			out *[]time.Duration
		}{{ours, &oursPer}, {plain, &plainPer}} {
			d, err := marginal(side.cmd)
			if err != nil {
				t.Fail("inspect task", err)
				return
			}
			*side.out = append(*side.out, d/time.Duration(inspectTaskN))
		}
	}
	o, p := median(oursPer), median(plainPer)
	t.Add(Row{Bench: "inspect task", Measure: "cost per sample: " + inspectTaskBench + ", swarm of one (task's solver)",
		Ours: dur(o) + "/sample", Ref: "plain Inspect " + dur(p) + "/sample", Ratio: ratio(float64(o) / float64(p))})
}

// marginal is how much longer the many-sample run takes than the few-sample one.
func marginal(cmd func([]string) *exec.Cmd) (time.Duration, error) {
	var took [2]time.Duration
	for i, limit := range [][]string{inspectTaskFew, inspectTaskMany} {
		c := cmd(limit)
		start := time.Now()
		if out, err := c.CombinedOutput(); err != nil {
			return 0, fmt.Errorf("%s: %v: %s", strings.Join(c.Args, " "), err, lastLines(out))
		}
		took[i] = time.Since(start)
	}
	return max(took[1]-took[0], 0), nil
}

// tasksVenv makes sure .venv-tasks (inspect_ai, inspect-evals; the Inspect task plugin's launcher
// picks it) exists and returns its python.
func (e *env) tasksVenv() (string, error) {
	out, err := exec.Command(filepath.Join(e.root, "scripts", "venv-from.sh"), ".venv-tasks",
		"scripts/requirements-tasks.txt").Output()
	if err != nil {
		return "", fmt.Errorf("scripts/venv-from.sh .venv-tasks (inspect_ai and inspect-evals): %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// tmp is a fresh directory under the work directory.
func (e *env) tmp(prefix string) string {
	d, err := os.MkdirTemp(e.work, prefix+"-")
	if err != nil {
		return filepath.Join(e.work, prefix)
	}
	return d
}

// lastLines is the last lines of out.
func lastLines(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[max(0, len(lines)-5):], "\n")
}
