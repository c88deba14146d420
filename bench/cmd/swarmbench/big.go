package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Targets of the one-swarm row (issue 19).
const (
	bigWallTarget = 90 * time.Second
	bigMemTarget  = 4 << 30
)

// benchBig runs one swarm of -big members (100 000 by default) on the
// member-scale workload and checks, with Inspect's own reader in the test
// venv, that the log reads (its header, then its one sample without the
// events) and that every member submitted. The log is never read whole
// here: at this N its one sample is over a gigabyte of JSON.
func benchBig(e *env, t *Table) {
	n := e.flags.bigN
	dir, err := e.writeSuite("big", scaleSuite(true), 1)
	if err != nil {
		t.Fail("one swarm", err)
		return
	}
	progress("one swarm: N=%d", n)
	u, s, err := e.runHost(hostRun{dir: dir, args: []string{"--var", fmt.Sprintf("n=%d", n)}})
	if err != nil {
		t.Fail(fmt.Sprintf("one swarm N=%d", n), err)
		return
	}
	all := u.HostRSS + u.PluginRSS
	t.Add(Row{Bench: "one swarm", Measure: fmt.Sprintf("N=%d: wall, whole command (cpu)", n),
		Ours: fmt.Sprintf("%s (%s)", dur(u.Wall), dur(u.CPU)), Target: "< " + dur(bigWallTarget), OK: u.Wall < bigWallTarget})
	t.Add(Row{Bench: "one swarm", Measure: fmt.Sprintf("N=%d: peak memory, every process", n),
		Ours:   fmt.Sprintf("%s (host %s + %d plugins %s)", bytesIEC(float64(all)), bytesIEC(float64(u.HostRSS)), u.Children, bytesIEC(float64(u.PluginRSS))),
		Target: "< 4 GiB", OK: all < bigMemTarget})
	statuses, err := e.inspectReads(s.Log)
	row := Row{Bench: "one swarm", Measure: fmt.Sprintf("N=%d: Inspect's read_eval_log: header, one sample; members submitted", n),
		Target: fmt.Sprint(n)}
	if err != nil {
		row.Note = firstLine(err.Error())
	} else {
		row.Ours, row.OK = fmt.Sprint(statuses["submitted"]), statuses["submitted"] == n
	}
	t.Add(row)
}

// inspectReads reads a log with bench/peer/readlog.py in the test venv
// (scripts/venv.sh) and returns its member counts by status.
func (e *env) inspectReads(log string) (map[string]int, error) {
	py, err := exec.Command("bash", filepath.Join(e.root, "scripts/venv.sh")).Output()
	if err != nil {
		return nil, fmt.Errorf("the test venv (scripts/venv.sh): %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(py)), "\n")
	var stderr bytes.Buffer
	cmd := exec.Command(lines[len(lines)-1], filepath.Join(e.root, "bench/peer/readlog.py"), log)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("read_eval_log: %w: %s", err, tail(stderr.String(), 500))
	}
	var r struct {
		Status   string         `json:"status"`
		Statuses map[string]int `json:"statuses"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &r); err != nil {
		return nil, fmt.Errorf("readlog.py printed no result: %w", err)
	}
	if r.Status != "success" {
		return nil, fmt.Errorf("the log's status is %s", r.Status)
	}
	return r.Statuses, nil
}
