package plugins

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestWorkers: the pool's size by binary.
func TestWorkers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	py := filepath.Join(dir, "swarmhost-agent-py")
	require.NoError(t, os.WriteFile(py, []byte("#!/usr/bin/env python3\nimport sys\n"), 0o755))
	launcher := filepath.Join(dir, "swarmhost-agent-launched")
	require.NoError(t, os.WriteFile(launcher, []byte("#!/bin/sh\n''''true; exec python3 \"$0\" \"$@\" # '''\n"), 0o755))
	goBin := filepath.Join(binDir, "swarmhost-scorer-good")
	cores := min(runtime.GOMAXPROCS(0), MaxDefaultWorkers)
	for _, tc := range []struct {
		name string
		b    Binary
		want int
	}{
		{"a Go plugin runs one process", Binary{Path: goBin}, 1},
		{"a Python plugin runs one per core", Binary{Path: py}, cores},
		{"a launcher in sdk/python's form is Python", Binary{Path: launcher}, cores},
		{"the plugin block's workers win", Binary{Path: goBin, Workers: 3}, 3},
		{"and for Python too", Binary{Path: py, Workers: 1}, 1},
		{"a member's own process has no pool", Binary{Path: py, Workers: 4, Instance: "member:m-1"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, Workers(tc.b))
		})
	}
}

// TestPoolSpreadsLeases: a binary with three workers runs three processes,
// started together by WarmPool; leases go to the worker holding the fewest
// units, each lease's calls reach its own worker, and a released worker is
// the next one chosen.
func TestPoolSpreadsLeases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	b.Workers = 3
	m := newTestManager(t, Options{})
	m.WarmPool(b)
	pids := map[int]int{}
	for i := range 3 {
		p, err := m.Start(ctx, Worker(b, i))
		require.NoError(t, err)
		pids[p.Pid()] = i
	}
	require.Len(t, pids, 3, "one process per worker")

	var leases []*Lease
	for range 6 {
		l, err := m.Lease(b, "")
		require.NoError(t, err)
		leases = append(leases, l)
	}
	var got []int
	for _, l := range leases {
		got = append(got, l.Worker)
	}
	assert.Equal(t, []int{0, 1, 2, 0, 1, 2}, got, "round the workers, fewest held first")

	leases[4].Release()
	leases[4].Release() // a second release changes nothing
	next, err := m.Lease(b, "")
	require.NoError(t, err)
	assert.Equal(t, 1, next.Worker, "the worker just released holds the fewest")

	for _, l := range []*Lease{leases[0], next, leases[2]} {
		sc, err := m.Scorer(ctx, l.Binary)
		require.NoError(t, err)
		var resp scorer.ScoreResponse
		require.NoError(t, sc.Scorer("good").Score(ctx, scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"x"}}}, &resp))
		p, err := m.Start(ctx, l.Binary)
		require.NoError(t, err)
		assert.Equal(t, l.Worker, pids[p.Pid()], "the lease's binary names its worker's process")
	}
}

// TestPoolRelaunchesCrashedWorker: a worker that crashed is relaunched by
// the next lease, and leases go to the live workers while it starts; the
// other workers keep running. Close stops every worker.
func TestPoolRelaunchesCrashedWorker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	b.Workers = 2
	m := newTestManager(t, Options{})
	first, err := m.Lease(b, "")
	require.NoError(t, err)
	second, err := m.Lease(b, "")
	require.NoError(t, err)
	require.Equal(t, 1, second.Worker)
	w0, err := m.Start(ctx, first.Binary)
	require.NoError(t, err)
	w1, err := m.Start(ctx, second.Binary)
	require.NoError(t, err)

	sc, err := m.Scorer(ctx, second.Binary)
	require.NoError(t, err)
	err = sc.Scorer("good").Score(ctx, scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"__crash__"}}}, &scorer.ScoreResponse{})
	require.Error(t, err)
	select {
	case <-m.Crashed(second.Binary):
	case <-time.After(10 * time.Second):
		t.Fatal("crash not reported")
	}
	second.Release()
	first.Release()

	l, err := m.Lease(b, "")
	require.NoError(t, err)
	defer l.Release()
	p, err := m.Start(ctx, Worker(b, 1))
	require.NoError(t, err)
	assert.NotEqual(t, w1.Pid(), p.Pid(), "worker 1 was relaunched")
	again, err := m.Start(ctx, Worker(b, 0))
	require.NoError(t, err)
	assert.Same(t, w0, again, "worker 0 ran on")
	requireGone(t, w1.Pid())

	m.Close()
	requireGone(t, w0.Pid())
	requireGone(t, p.Pid())
	_, err = m.Lease(b, "")
	assert.ErrorContains(t, err, "the plugin manager is closed")
}

// TestLeaseOneWorker: a binary of one worker is leased as itself.
func TestLeaseOneWorker(t *testing.T) {
	t.Parallel()
	b := install(t, "swarmhost-scorer-good")
	m := newTestManager(t, Options{})
	l, err := m.Lease(b, "")
	require.NoError(t, err)
	assert.Equal(t, b, l.Binary)
	l.Release()
	m.mu.Lock()
	defer m.mu.Unlock()
	assert.Empty(t, m.procs, "nothing started: the caller's Start does that")
}

// TestPoolSpreadsWhileStarting: leases taken before any worker is up (the
// members of a sample that starts with the pool) still spread evenly over
// the workers, and each lease's Start waits for its own worker.
func TestPoolSpreadsWhileStarting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	b.Workers = 2
	m := newTestManager(t, Options{})
	var got []int
	var leases []*Lease
	for range 4 {
		l, err := m.Lease(b, "")
		require.NoError(t, err)
		got = append(got, l.Worker)
		leases = append(leases, l)
	}
	assert.Equal(t, []int{0, 1, 0, 1}, got, "fewest held first, up or starting")
	pids := map[int]bool{}
	for _, l := range leases {
		p, err := m.Start(ctx, l.Binary)
		require.NoError(t, err)
		pids[p.Pid()] = true
		l.Release()
	}
	assert.Len(t, pids, 2, "two worker processes")
}
