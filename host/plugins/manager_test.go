package plugins

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
	"github.com/swarmhost/swarmhost/host/isolate"

	"github.com/swarmhost/swarmhost/sdk/hostrpc"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// starts returns the pids a good plugin recorded at start-up.
func starts(t *testing.T, b Binary) []string {
	t.Helper()
	data, err := os.ReadFile(b.Path + ".starts")
	require.NoError(t, err)
	return strings.Fields(string(data))
}

func TestScorerRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	m := newTestManager(t, Options{})
	sc, err := m.Scorer(ctx, b)
	require.NoError(t, err)
	var resp scorer.ScoreResponse
	err = sc.Scorer("good").Score(ctx, scorer.ScoreRequest{
		Sample: scorer.Sample{Target: []string{"42"}}, Output: model.TextOutput("m", "42")}, &resp)
	require.NoError(t, err)
	assert.Equal(t, scorer.Correct, resp.Score.Value)

	p, err := m.Start(ctx, b)
	require.NoError(t, err)
	assert.Equal(t, hostrpc.ProtocolVersion, p.ProtocolVersion())
	assert.True(t, proctest.Alive(p.Pid()))
	assert.False(t, p.Exited())
	assert.Equal(t, b, p.Binary())
}

func TestInfoFetchedOncePerRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	m := newTestManager(t, Options{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := m.Info(ctx, b)
			assert.NoError(t, err)
		}()
		go func() {
			defer wg.Done()
			_, err := m.Scorer(ctx, b)
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	infos, err := m.Info(ctx, b)
	require.NoError(t, err)
	require.Len(t, infos, 1)
	assert.Equal(t, "good", infos[0].Name)
	assert.Equal(t, "0.1.0", infos[0].Version)

	p, err := m.Start(ctx, b)
	require.NoError(t, err)
	p.mu.Lock()
	calls := p.infoCalls
	p.mu.Unlock()
	assert.Equal(t, 1, calls, "metadata RPCs")
	assert.Len(t, starts(t, b), 1, "plugin processes started")
}

func TestKindsAndNamesNotServed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	good := install(t, "swarmhost-scorer-good")
	bare := install(t, "swarmhost-agent-bare")
	m := newTestManager(t, Options{})
	tests := map[string]struct {
		call     func() error
		contains string
		served   []string
	}{
		"scorer binary asked for an agent": {
			call:     func() error { _, err := m.Agent(ctx, Binary{Kind: "agent", Name: "good", Path: good.Path}); return err },
			contains: `agent plugin "good" (` + good.Path + `): the binary serves no agent plugins`},
		"scorer binary asked for a controller": {
			call: func() error {
				_, err := m.Controller(ctx, Binary{Kind: "controller", Name: "good", Path: good.Path})
				return err
			},
			contains: "the binary serves no controller plugins"},
		"scorer binary asked for another scorer": {
			call: func() error {
				_, err := m.Scorer(ctx, Binary{Kind: "scorer", Name: "other", Path: good.Path})
				return err
			},
			contains: `the binary serves scorer plugin "good", not "other"`, served: []string{"good"}},
		"binary serving nothing": {
			call:     func() error { _, err := m.Agent(ctx, bare); return err },
			contains: "the binary serves no agent plugins"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			err := tt.call()
			var ns *NotServedError
			require.ErrorAs(t, err, &ns)
			assert.Contains(t, err.Error(), tt.contains)
			assert.Equal(t, tt.served, ns.Served)
		})
	}
	_, err := m.Scorer(ctx, Binary{Kind: "agent", Name: "good", Path: good.Path})
	assert.ErrorContains(t, err, "is not a scorer plugin")
	_, err = m.Scorer(ctx, good)
	require.NoError(t, err, "the process still serves its own kind")
	assert.Len(t, starts(t, good), 1, "one process for every kind asked of the binary")
}

func TestStartRefusesUnrunnableBinaries(t *testing.T) {
	t.Parallel()
	good := install(t, "swarmhost-scorer-good")
	noSandbox := isolate.New(isolate.Mechanisms{UserNSWhy: "off", LandlockWhy: "off", SeccompWhy: "off"})
	m := newTestManager(t, Options{Launcher: noSandbox})
	tests := map[string]struct {
		b        Binary
		contains string
	}{
		"untrusted without a sandbox": {b: Binary{Kind: "scorer", Name: "good", Path: good.Path, Trust: Untrusted},
			contains: "must run in a sandbox"},
		"relative path": {b: Binary{Kind: "scorer", Name: "good", Path: "bin/good"}, contains: "must be absolute"},
		"unknown kind":  {b: Binary{Kind: "widget", Name: "good", Path: good.Path}, contains: `unknown plugin kind "widget"`},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := m.Start(context.Background(), tt.b)
			assert.ErrorContains(t, err, tt.contains)
		})
	}
	_, err := os.Stat(good.Path + ".starts")
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing was started")
}

func TestStartWaitHonoursContext(t *testing.T) {
	t.Parallel()
	b := install(t, "swarmhost-scorer-good")
	m := newTestManager(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := m.Start(ctx, b)
	require.ErrorIs(t, err, context.Canceled)
	p, err := m.Start(context.Background(), b)
	require.NoError(t, err, "the launch went on for later callers")
	assert.True(t, proctest.Alive(p.Pid()))
}
