package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The model-pipe workload (issue 19): pipeSamples samples × pipeMembers
// scripted members × 5 model calls each, on the fake OpenAI-compatible
// endpoint answering every call after -pipe-latency, with max_connections
// = pipeConns and --max-samples pipeConns on both sides.
const (
	pipeMembers = 8
	pipeConns   = 64
	pipeCalls   = 5
	// peerPipeTimeout is the least time the peer's run may take.
	peerPipeTimeout = 15 * time.Minute
)

// pipeStats are fakeopenaid's figures (fakeopenai.Stats as JSON).
type pipeStats struct {
	Requests     int     `json:"requests"`
	MaxInFlight  int     `json:"max_in_flight"`
	MeanInFlight float64 `json:"mean_in_flight"`
	BusyNS       int64   `json:"busy_ns"`
}

// benchPipe runs the model-pipe workload on swarmhost and on the peer,
// each against the same fake endpoint, and reports how full each kept the
// pipe: requests in flight on average against max_connections, and wall
// time against the floor calls × latency / max_connections.
func benchPipe(e *env, t *Table) {
	latency, samples := e.flags.pipeLatency, e.flags.pipeSamples
	calls := samples * pipeMembers * pipeCalls
	floor := time.Duration(calls) * latency / pipeConns
	t.Add(Row{Bench: "model pipe", Measure: "workload",
		Ours: fmt.Sprintf("%d samples × %d members × %d calls, %s per call, max_connections %d", samples, pipeMembers, pipeCalls, dur(latency), pipeConns),
		Ref:  "floor " + dur(floor)})
	srv, err := startFake(filepath.Join(e.benchBin, "fakeopenaid"), latency)
	if err != nil {
		t.Fail("model pipe", err)
		return
	}
	defer srv.stop()
	dir, err := e.writeSuite("pipe", pipeSuite(srv.url+"/v1"), samples)
	if err != nil {
		t.Fail("model pipe", err)
		return
	}
	progress("model pipe: %d calls on swarmhost", calls)
	u, s, err := e.runHost(hostRun{dir: dir, args: []string{"--var", fmt.Sprintf("n=%d", pipeMembers),
		"--max-samples", fmt.Sprint(pipeConns)}})
	if err == nil {
		err = checkSubmitted(s.Log, samples*pipeMembers)
	}
	if err != nil {
		t.Fail("model pipe (ours)", err)
	} else {
		pipeRows(t, "swarmhost", u, srv, calls, floor)
	}
	python, err := e.peerPython()
	if err != nil {
		t.Add(Row{Bench: "model pipe", Measure: "Inspect Swarm (PyPI)", Note: "the peer cannot be installed: " + firstLine(err.Error())})
		return
	}
	progress("model pipe: %d calls on Inspect Swarm", calls)
	if err := srv.reset(); err != nil {
		t.Fail("model pipe", err)
		return
	}
	// The peer is CPU-bound at this size (~6 minutes idle): it gets
	// peerPipeTimeout when -timeout is shorter.
	pe := *e
	pe.timeout = max(e.timeout, peerPipeTimeout)
	pu, _, err := pe.runPeerScript(python, samples*pipeMembers, "pipe.py", fmt.Sprint(samples), fmt.Sprint(pipeMembers), fmt.Sprint(pipeConns),
		srv.url+"/v1", filepath.Join(e.work, "peer-logs", "pipe"))
	if err != nil {
		t.Add(Row{Bench: "model pipe", Measure: "Inspect Swarm", Note: "the peer failed: " + firstLine(err.Error())})
		return
	}
	pipeRows(t, "Inspect Swarm", pu, srv, calls, floor)
}

// pipeRows adds one side's rows: the mean requests in flight against
// max_connections, and its wall time against the floor.
func pipeRows(t *Table, side string, u Usage, srv *fakeServer, calls int, floor time.Duration) {
	st, err := srv.stats()
	if err == nil && st.Requests != calls {
		err = fmt.Errorf("the endpoint answered %d calls, not %d", st.Requests, calls)
	}
	if err != nil {
		t.Fail("model pipe ("+side+")", err)
		return
	}
	full := st.MeanInFlight / pipeConns
	t.Add(Row{Bench: "model pipe", Measure: side + ": mean requests in flight (max)",
		Ours: fmt.Sprintf("%.1f (%d)", st.MeanInFlight, st.MaxInFlight), Ref: fmt.Sprintf("max_connections %d", pipeConns),
		Ratio: fmt.Sprintf("%.1f%%", 100*full), Target: "≥ 95%", OK: full >= 0.95})
	x := u.Wall.Seconds() / floor.Seconds()
	t.Add(Row{Bench: "model pipe", Measure: side + ": wall, whole command (cpu)",
		Ours: fmt.Sprintf("%s (%s)", dur(u.Wall), dur(u.CPU)), Ref: "floor " + dur(floor), Ratio: ratio(x),
		Target: "≤ 1.1×", OK: x <= 1.1})
}

// pipeSuite is the member-scale suite without messages on the fake
// endpoint: var.n members of 5 calls each per sample.
func pipeSuite(baseURL string) string {
	model := fmt.Sprintf("model \"default\" {\n  provider        = \"openai\"\n  base_url        = %q\n  name            = \"fake\"\n  max_connections = %d\n}\n", baseURL, pipeConns)
	s := scaleSuite(false)
	i, j := strings.Index(s, "model \"default\" {"), strings.Index(s, "task \"one\"")
	return s[:i] + model + "\n" + s[j:]
}

// fakeServer is a running fakeopenaid; it exits when its stdin closes.
type fakeServer struct {
	url   string
	cmd   *exec.Cmd
	stdin io.WriteCloser
}

// startFake starts fakeopenaid with the latency and reads its URL.
func startFake(exe string, latency time.Duration) (*fakeServer, error) {
	cmd := exec.Command(exe, "-latency", latency.String())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &fakeServer{cmd: cmd, stdin: stdin}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("fakeopenaid printed no URL: %w", err)
	}
	s.url = strings.TrimSpace(line)
	return s, nil
}

// stop closes the server's stdin and waits for it to exit.
func (s *fakeServer) stop() {
	_ = s.stdin.Close()
	_ = s.cmd.Wait()
}

func (s *fakeServer) stats() (pipeStats, error) {
	var st pipeStats
	resp, err := http.Get(s.url + "/stats")
	if err != nil {
		return st, err
	}
	defer resp.Body.Close()
	return st, json.NewDecoder(resp.Body).Decode(&st)
}

func (s *fakeServer) reset() error {
	resp, err := http.Post(s.url+"/reset", "", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
