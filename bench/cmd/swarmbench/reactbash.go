package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"time"
)

// reactBashSamples is the react+bash workload's sample count; each has
// reactBashMembers react members.
const (
	reactBashSamples = 20
	reactBashMembers = 4
)

// reactBashArgs run every sample at once, as the peer does
// (bench/peer/react_bash.py passes max_samples = the sample count): our
// default of 8 left cores idle while the last samples ran, and cost ~80 ms
// more CPU (BENCHMARKS.md, "react+bash critical path (wall16)").
var reactBashArgs = []string{"--max-samples", fmt.Sprint(reactBashSamples)}

// reactBashSuite is the workload on swarmhost: react members on mockllm,
// each calling bash twice (`ls`, then `echo 42`) in the sample's shared
// local sandbox and then submitting "42"; every member runs to its end.
const reactBashSuite = `model "default" {
  provider = "mockllm"
  outputs = [
    { content = "Next step.", tool = "bash", arguments = { command = "ls" } },
    { content = "Next step.", tool = "bash", arguments = { command = "echo 42" } },
    { content = "Next step.", tool = "submit", arguments = { answer = "42" } },
  ]
}

task "react_bash" {
  dataset {
    file = "samples.jsonl"
  }
  sandbox "local" {}
  scorer "match" {}
}

swarm "react_bash" {
  member "react" {
    name  = "m"
    count = 4
    tools = ["bash"]
    config {
      attempts = 1
    }
  }
  channels = []
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "react_bash" {
  task  = task.react_bash
  swarm = swarm.react_bash
}
`

// benchReactBash runs the react+bash workload on the peer (Inspect Swarm on
// its local sandbox) and on swarmhost right after it, and prints the ratios
// of wall time and of CPU time (each side's process and everything it
// reaped: plugins, tool commands).
func benchReactBash(e *env, t *Table) {
	bench := fmt.Sprintf("react+bash (%d samples × %d react members, 2 bash calls each)", reactBashSamples, reactBashMembers)
	python, err := e.peerPython()
	if err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm (PyPI)", Note: "the peer cannot be installed: " + firstLine(err.Error())})
		return
	}
	dir, err := e.writeSuite("react-bash", reactBashSuite, reactBashSamples)
	if err != nil {
		t.Fail(bench, err)
		return
	}
	progress("react+bash: on Inspect Swarm, then on swarmhost")
	// Each side runs once unmeasured first, so both are measured warm, as
	// every run but the first after an install or a build is: the peer's
	// interpreter and imports come from the page cache, and ours finds the
	// digests of the plugin binaries `make bench` has just rebuilt in the
	// host's digest cache (host/plugins).
	if _, _, err := e.runReactBashPeer(python); err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm", Note: "the peer failed (warm-up): " + firstLine(err.Error())})
		return
	}
	peer, pr, err := e.runReactBashPeer(python)
	if err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm", Note: "the peer failed: " + firstLine(err.Error())})
		return
	}
	if _, _, err := e.runHost(hostRun{dir: dir, args: reactBashArgs}); err != nil {
		t.Fail(bench+" (ours, warm-up)", err)
		return
	}
	ours, s, err := e.runHost(hostRun{dir: dir, args: reactBashArgs})
	if err != nil {
		t.Fail(bench+" (ours)", err)
		return
	}
	if counts, err := memberStatuses(s.Log); err != nil || counts["submitted"] != reactBashSamples*reactBashMembers {
		t.Fail(bench+" (ours)", fmt.Errorf("members did not all submit: %v %v", counts, err))
		return
	}
	wx := peer.Wall.Seconds() / ours.Wall.Seconds()
	t.Add(Row{Bench: bench, Measure: "wall, whole command", Ours: dur(ours.Wall), Ref: "Inspect Swarm " + dur(peer.Wall),
		Ratio: ratio(wx) + " faster", Target: "≥ 10× faster", OK: wx >= 10})
	ex := pr.EvalTime / s.Time
	t.Add(Row{Bench: bench, Measure: "eval time only (no start-up, no imports)",
		Ours: dur(time.Duration(s.Time * float64(time.Second))),
		Ref:  "Inspect Swarm " + dur(time.Duration(pr.EvalTime*float64(time.Second))), Ratio: ratio(ex) + " faster"})
	cx := peer.CPU.Seconds() / ours.CPU.Seconds()
	t.Add(Row{Bench: bench, Measure: "CPU, every process", Ours: dur(ours.CPU), Ref: "Inspect Swarm " + dur(peer.CPU),
		Ratio: ratio(cx) + " less", Target: "≥ 3× less", OK: cx >= 3})
}

// runReactBashPeer runs bench/peer/react_bash.py and measures it.
func (e *env) runReactBashPeer(python string) (Usage, peerResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), e.timeout)
	defer cancel()
	logs := filepath.Join(e.work, "peer-logs", "react-bash")
	cmd := exec.CommandContext(ctx, python, filepath.Join(e.root, "bench/peer/react_bash.py"), fmt.Sprint(reactBashSamples), logs)
	u, err := measure(cmd)
	if ctx.Err() != nil {
		return u, peerResult{}, fmt.Errorf("did not finish within %s (-timeout)", e.timeout)
	}
	if err != nil {
		return u, peerResult{}, err
	}
	var r peerResult
	lines := bytes.Split(bytes.TrimSpace(u.Stdout), []byte("\n"))
	if err := json.Unmarshal(lines[len(lines)-1], &r); err != nil {
		return u, r, fmt.Errorf("react_bash.py printed no result: %w", err)
	}
	if r.Status != "success" || r.Submitted != reactBashSamples*reactBashMembers {
		return u, r, fmt.Errorf("eval %s with %d of %d members submitted", r.Status, r.Submitted, reactBashSamples*reactBashMembers)
	}
	return u, r, nil
}
