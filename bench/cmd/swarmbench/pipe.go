package main

import (
	"fmt"
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

// benchPipe runs the model-pipe workload on swarmhost and on the peer,
// each against the same fake endpoint, and reports how full each kept the
// pipe: requests in flight on average against max_connections, wall time
// against the floor calls × latency / max_connections, and how long a
// connection waited between its answer and its next request. The peer
// runs -pipe-peer-samples samples when set (its own floor), none when
// negative. With -pipe-profile DIR swarmhost runs under profhost and both
// it and the endpoint write CPU profiles there, with swarmhost's execution
// trace and the timelines of requests in flight (the rows are then of the
// profiled run).
func benchPipe(e *env, t *Table) {
	latency, samples := e.flags.pipeLatency, e.flags.pipeSamples
	w := pipeWorkload{samples: samples, latency: latency}
	t.Add(Row{Bench: "model pipe", Measure: "workload", Ours: w.String(), Ref: "floor " + dur(w.floor())})
	prof, err := e.pipeProfileDir()
	if err != nil {
		t.Fail("model pipe", err)
		return
	}
	srv, err := startFake(filepath.Join(e.benchBin, "fakeopenaid"), latency, prof.file("fakeopenaid-cpu.pprof"), e.flags.pipeEndpointNice)
	if err != nil {
		t.Fail("model pipe", err)
		return
	}
	defer srv.stop()
	e.pipeOurs(t, srv, w, prof)
	peer := e.flags.pipePeerSamples
	if peer < 0 {
		return
	}
	if peer > 0 && peer != samples {
		w.samples = peer
		t.Add(Row{Bench: "model pipe", Measure: "workload of the peer", Ours: w.String(), Ref: "floor " + dur(w.floor())})
	}
	e.pipePeer(t, srv, w, prof)
}

// pipeWorkload is one side's size.
type pipeWorkload struct {
	samples int
	latency time.Duration
}

func (w pipeWorkload) calls() int { return w.samples * pipeMembers * pipeCalls }

// floor is calls × latency / max_connections.
func (w pipeWorkload) floor() time.Duration {
	return time.Duration(w.calls()) * w.latency / pipeConns
}

func (w pipeWorkload) String() string {
	return fmt.Sprintf("%d samples × %d members × %d calls, %s per call, max_connections %d",
		w.samples, pipeMembers, pipeCalls, dur(w.latency), pipeConns)
}

// pipeOurs runs swarmhost's side (under profhost with a profile directory).
func (e *env) pipeOurs(t *Table, srv *fakeServer, w pipeWorkload, prof pipeProfile) {
	dir, err := e.writeSuite("pipe", pipeSuite(srv.url+"/v1"), w.samples)
	if err != nil {
		t.Fail("model pipe", err)
		return
	}
	progress("model pipe: %d calls on swarmhost", w.calls())
	run := hostRun{dir: dir, args: []string{"--var", fmt.Sprintf("n=%d", pipeMembers), "--max-samples", fmt.Sprint(pipeConns)}}
	if prof != "" {
		run.exe = filepath.Join(e.benchBin, "profhost")
		run.env = []string{"SWARMHOST_CPUPROFILE=" + prof.file("swarmhost-cpu.pprof"), "SWARMHOST_TRACE=" + prof.file("swarmhost.trace")}
	}
	cpu0 := srv.cpu()
	u, s, err := e.runHost(run)
	if err == nil {
		err = checkSubmitted(s.Log, w.samples*pipeMembers)
	}
	if err != nil {
		t.Fail("model pipe (ours)", err)
		return
	}
	pipeRows(t, "swarmhost", u, srv, w, srv.cpu()-cpu0, prof)
}

// pipePeer runs Inspect Swarm's side on the same endpoint, reset.
func (e *env) pipePeer(t *Table, srv *fakeServer, w pipeWorkload, prof pipeProfile) {
	python, err := e.peerPython()
	if err != nil {
		t.Add(Row{Bench: "model pipe", Measure: "Inspect Swarm (PyPI)", Note: "the peer cannot be installed: " + firstLine(err.Error())})
		return
	}
	progress("model pipe: %d calls on Inspect Swarm", w.calls())
	if err := srv.reset(); err != nil {
		t.Fail("model pipe", err)
		return
	}
	// The peer is CPU-bound at this size (~6 minutes idle): it gets
	// peerPipeTimeout when -timeout is shorter.
	pe := *e
	pe.timeout = max(e.timeout, peerPipeTimeout)
	cpu0 := srv.cpu()
	pu, _, err := pe.runPeerScript(python, w.samples*pipeMembers, "pipe.py", fmt.Sprint(w.samples), fmt.Sprint(pipeMembers),
		fmt.Sprint(pipeConns), srv.url+"/v1", filepath.Join(e.work, "peer-logs", "pipe"))
	if err != nil {
		t.Add(Row{Bench: "model pipe", Measure: "Inspect Swarm", Note: "the peer failed: " + firstLine(err.Error())})
		return
	}
	pipeRows(t, "Inspect Swarm", pu, srv, w, srv.cpu()-cpu0, prof)
}

// pipeRows adds one side's rows: the mean requests in flight against
// max_connections, its wall time against the floor (with the CPU of its
// processes and of the endpoint), and the connections' hand-off gaps.
func pipeRows(t *Table, side string, u Usage, srv *fakeServer, w pipeWorkload, srvCPU time.Duration, prof pipeProfile) {
	st, err := srv.stats()
	if err == nil && st.Requests != w.calls() {
		err = fmt.Errorf("the endpoint answered %d calls, not %d", st.Requests, w.calls())
	}
	if err == nil {
		err = prof.timeline(side, st.Timeline)
	}
	if err != nil {
		t.Fail("model pipe ("+side+")", err)
		return
	}
	full := st.MeanInFlight / pipeConns
	t.Add(Row{Bench: "model pipe", Measure: side + ": mean requests in flight (max)",
		Ours: fmt.Sprintf("%.1f (%d)", st.MeanInFlight, st.MaxInFlight), Ref: fmt.Sprintf("max_connections %d", pipeConns),
		Ratio: fmt.Sprintf("%.1f%%", 100*full), Target: "≥ 95%", OK: full >= 0.95})
	x := u.Wall.Seconds() / w.floor().Seconds()
	t.Add(Row{Bench: "model pipe", Measure: side + ": wall, whole command (cpu)",
		Ours: fmt.Sprintf("%s (%s)", dur(u.Wall), dur(u.CPU)), Ref: "floor " + dur(w.floor()), Ratio: ratio(x),
		Target: "≤ 1.1×", OK: x <= 1.1})
	perCall := (u.CPU + srvCPU) / time.Duration(w.calls())
	t.Add(Row{Bench: "model pipe", Measure: side + ": cpu per call, every process (endpoint's)",
		Ours: fmt.Sprintf("%s (%s)", dur(perCall), dur(srvCPU/time.Duration(w.calls())))})
	h := st.Handoff
	t.Add(Row{Bench: "model pipe", Measure: side + ": answer → next request on a connection, p50 / p90 / p99 (mean)",
		Ours: fmt.Sprintf("%s / %s / %s (%s)", dur(h.P50), dur(h.P90), dur(h.P99), dur(h.Mean)),
		Ref:  fmt.Sprintf("%d connections", st.Conns)})
}

// pipeSuite is the member-scale suite without messages on the fake
// endpoint: var.n members of 5 calls each per sample.
func pipeSuite(baseURL string) string {
	model := fmt.Sprintf("model \"default\" {\n  provider        = \"openai\"\n  base_url        = %q\n  name            = \"fake\"\n  max_connections = %d\n}\n", baseURL, pipeConns)
	s := scaleSuite(false)
	i, j := strings.Index(s, "model \"default\" {"), strings.Index(s, "task \"one\"")
	return s[:i] + model + "\n" + s[j:]
}
