package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// peerResult is what bench/peer/scale.py prints.
type peerResult struct {
	Status     string  `json:"status"`
	Submitted  int     `json:"submitted"`
	ImportTime float64 `json:"import_time"`
	EvalTime   float64 `json:"eval_time"`
}

// benchPeer runs the member-scale workload on the peer, Inspect Swarm
// installed from PyPI into .venv-bench, and on swarmhost right after it,
// and prints the ratios of wall time and of peak memory (every process of
// each side: for swarmhost the host and its plugins), with the targets
// at N=100 and N=1000 (peerTargets).
func benchPeer(e *env, t *Table) {
	python, err := e.peerPython()
	if err != nil {
		t.Add(Row{Bench: "peer", Measure: "Inspect Swarm (PyPI)", Note: "the peer cannot be installed: " + firstLine(err.Error())})
		return
	}
	t.Add(Row{Bench: "peer", Measure: "workload", Ours: "5 model calls per member, no message",
		Note: "the peer's members send no message: Inspect Swarm 0.1.0 has no messages channel"})
	dir, err := e.writeSuite("peer", scaleSuite(false), 1)
	if err != nil {
		t.Fail("peer", err)
		return
	}
	for _, n := range e.flags.peerN {
		progress("peer: N=%d on Inspect Swarm, then on swarmhost", n)
		pu, pr, err := e.runPeer(python, n)
		if err != nil {
			t.Add(Row{Bench: "peer", Measure: fmt.Sprintf("N=%d", n), Note: "the peer failed: " + firstLine(err.Error())})
			continue
		}
		ours, err := e.scaleOnce(dir, n)
		if err != nil {
			t.Fail(fmt.Sprintf("peer N=%d (ours)", n), err)
			continue
		}
		peerRows(t, n, ours, pu, pr)
	}
}

// peerTargets are the wall-time ratios the issues set, by N: issue 6's at
// N=100 and issue 19's at N=1000; the memory target (≥ 5× less over every
// process) applies at both.
var peerTargets = map[int]float64{100: 10, 1000: 30}

// peerRows adds the wall-time and memory ratios of one N, with the
// targets of that N.
func peerRows(t *Table, n int, ours scaleRun, pu Usage, pr peerResult) {
	faster, hasTarget := peerTargets[n]
	target := func(s string) string {
		if hasTarget {
			return s
		}
		return ""
	}
	x := pu.Wall.Seconds() / ours.U.Wall.Seconds()
	t.Add(Row{Bench: "peer", Measure: fmt.Sprintf("N=%d wall, whole command", n), Ours: dur(ours.U.Wall),
		Ref: "Inspect Swarm " + dur(pu.Wall), Ratio: ratio(x) + " faster", Target: target(fmt.Sprintf("≥ %g× faster", faster)), OK: x >= faster})
	ex := pr.EvalTime / ours.S.Time
	t.Add(Row{Bench: "peer", Measure: fmt.Sprintf("N=%d eval time only (no start-up, no imports)", n),
		Ours: dur(time.Duration(ours.S.Time * float64(time.Second))),
		Ref:  "Inspect Swarm " + dur(time.Duration(pr.EvalTime*float64(time.Second))), Ratio: ratio(ex) + " faster"})
	mine := ours.U.HostRSS + ours.U.PluginRSS
	mx := float64(pu.HostRSS+pu.PluginRSS) / float64(mine)
	t.Add(Row{Bench: "peer", Measure: fmt.Sprintf("N=%d peak memory, every process", n),
		Ours: fmt.Sprintf("%s (host %s + %d plugins %s)", bytesIEC(float64(mine)), bytesIEC(float64(ours.U.HostRSS)), ours.U.Children, bytesIEC(float64(ours.U.PluginRSS))),
		Ref:  "Inspect Swarm " + bytesIEC(float64(pu.HostRSS+pu.PluginRSS)), Ratio: ratio(mx) + " less", Target: target("≥ 5× less"), OK: mx >= 5})
	hx := float64(pu.HostRSS+pu.PluginRSS) / float64(ours.U.HostRSS)
	t.Add(Row{Bench: "peer", Measure: fmt.Sprintf("N=%d peak memory, host process only", n),
		Ours: bytesIEC(float64(ours.U.HostRSS)), Ref: "Inspect Swarm " + bytesIEC(float64(pu.HostRSS+pu.PluginRSS)), Ratio: ratio(hx) + " less"})
	anon := ours.U.HostAnon + ours.U.PluginAnon
	ax := float64(pu.HostAnon+pu.PluginAnon) / float64(anon)
	t.Add(Row{Bench: "peer", Measure: fmt.Sprintf("N=%d peak anonymous memory (heap, stacks; not program files)", n),
		Ours: fmt.Sprintf("%s (host %s + plugins %s)", bytesIEC(float64(anon)), bytesIEC(float64(ours.U.HostAnon)), bytesIEC(float64(ours.U.PluginAnon))),
		Ref:  "Inspect Swarm " + bytesIEC(float64(pu.HostAnon+pu.PluginAnon)), Ratio: ratio(ax) + " less"})
}

// peerPython installs (or reuses) the peer's virtualenv.
func (e *env) peerPython() (string, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("bash", filepath.Join(e.root, "bench/peer/venv.sh"))
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s", lastLine(stderr.String(), err))
	}
	return strings.TrimSpace(string(out)), nil
}

// runPeer runs bench/peer/scale.py with n members and measures it.
func (e *env) runPeer(python string, n int) (Usage, peerResult, error) {
	logs := filepath.Join(e.work, "peer-logs", fmt.Sprint(n))
	return e.runPeerScript(python, n, "scale.py", fmt.Sprint(n), logs)
}

// runPeerScript runs a script of bench/peer with args and measures it;
// the eval must succeed with want members submitted over its samples.
func (e *env) runPeerScript(python string, want int, script string, args ...string) (Usage, peerResult, error) {
	return e.runPeerScriptEnv(python, want, nil, script, args...)
}

// runPeerScriptEnv is runPeerScript with env added to the script's
// environment.
func (e *env) runPeerScriptEnv(python string, want int, env []string, script string, args ...string) (Usage, peerResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), e.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, append([]string{filepath.Join(e.root, "bench/peer", script)}, args...)...)
	cmd.Env = append(append(os.Environ(), "OPENAI_API_KEY=fake-key"), env...)
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
		return u, r, fmt.Errorf("%s printed no result: %w", script, err)
	}
	if r.Status != "success" || r.Submitted != want {
		return u, r, fmt.Errorf("eval %s with %d of %d members submitted", r.Status, r.Submitted, want)
	}
	return u, r, nil
}

func lastLine(s string, err error) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if l := lines[len(lines)-1]; l != "" {
		return l
	}
	return err.Error()
}
