package main

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// startReps is how many starts are measured per way; the median counts.
const startReps = 15

// benchStart measures a plugin's start as a run pays it — exec (with
// go-plugin's SHA-256 check of the binary), handshake, and the Info
// (metadata) call — unsandboxed and sandboxed, against a bare exec of the
// same binary (started by hand, it prints that it is a plugin and exits).
func benchStart(e *env, t *Table) {
	b, err := plugins.Discover("agent", "scripted", nil, []string{e.bin})
	if err != nil {
		t.Fail("plugin start", err)
		return
	}
	bare := make([]time.Duration, startReps)
	for i := range bare {
		start := time.Now()
		_ = exec.Command(b.Path).Run() // exits 1: no handshake cookie
		bare[i] = time.Since(start)
	}
	base := median(bare)
	for _, c := range []struct{ what, trust string }{{"unsandboxed", plugins.Trusted}, {"sandboxed", plugins.Untrusted}} {
		progress("plugin start: %s", c.what)
		b.Trust = c.trust
		d, err := timeStarts(b)
		measure := "exec + handshake + Info, " + c.what
		if err != nil {
			t.Add(Row{Bench: "plugin start", Measure: measure, Note: c.what + " start failed: " + firstLine(err.Error())})
			continue
		}
		t.Add(Row{Bench: "plugin start", Measure: measure, Ours: dur(d), Ref: "bare exec " + dur(base),
			Ratio: ratio(float64(d) / float64(base))})
		if c.trust == plugins.Trusted {
			addExecHash(t, b, d)
		}
	}
}

// addExecHash adds the share of a trusted start spent hashing the image the
// kernel executes, which every start does (the digest cache serves only
// discovery): the binary's SHA-256, timed beside the start it is part of.
func addExecHash(t *Table, b plugins.Binary, start time.Duration) {
	ds := make([]time.Duration, startReps)
	for i := range ds {
		began := time.Now()
		if _, err := plugins.FileSHA256(b.Path); err != nil {
			t.Fail("plugin start", err)
			return
		}
		ds[i] = time.Since(began)
	}
	h := median(ds)
	t.Add(Row{Bench: "plugin start", Measure: "of which: hashing the executed image", Ours: dur(h),
		Ref: "unsandboxed start " + dur(start), Ratio: ratio(float64(h) / float64(start))})
}

// timeStarts returns the median time from asking a fresh manager for b's
// metadata to having it.
func timeStarts(b plugins.Binary) (time.Duration, error) {
	ds := make([]time.Duration, startReps)
	for i := range ds {
		mgr := plugins.NewManager(nil, plugins.Options{})
		start := time.Now()
		_, err := mgr.Info(context.Background(), b)
		ds[i] = time.Since(start)
		mgr.Close()
		if err != nil {
			return 0, fmt.Errorf("start %s: %w", b.Path, err)
		}
	}
	return median(ds), nil
}
