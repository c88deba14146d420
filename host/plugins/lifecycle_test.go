package plugins

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestCloseKillsTheProcessGroup(t *testing.T) {
	t.Parallel()
	b := install(t, "swarmhost-scorer-spawner")
	var logs syncBuffer
	m := NewManager(hclog.New(&hclog.LoggerOptions{Output: &logs, Level: hclog.Warn}), Options{KillTimeout: 500 * time.Millisecond})
	t.Cleanup(m.Close)
	p, err := m.Start(context.Background(), b)
	require.NoError(t, err)
	child := childPid(t, b)
	require.True(t, proctest.Alive(child), "child sleep running")

	m.Close()
	assert.Contains(t, logs.String(), "[WARN]  plugin.scorer.spawner: plugin did not stop in time; killing its process group",
		"go-plugin's Kill alone hangs: the child holds the plugin's stderr open")
	requireGone(t, child)
	requireGone(t, p.Pid())
	<-p.Done()
	assert.True(t, p.Exited())
	assert.NoError(t, p.Err(), "a stop is not a crash")
}

func TestCloseIsIdempotentAndConcurrent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	good, bare := install(t, "swarmhost-scorer-good"), install(t, "swarmhost-agent-bare")
	m := newTestManager(t, Options{})
	p1, err := m.Start(ctx, good)
	require.NoError(t, err)
	p2, err := m.Start(ctx, bare)
	require.NoError(t, err)

	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Close()
		}()
	}
	wg.Wait()
	m.Close()
	requireGone(t, p1.Pid())
	requireGone(t, p2.Pid())
	_, err = m.Start(ctx, good)
	assert.ErrorContains(t, err, "the plugin manager is closed")
	select {
	case <-m.Crashed(good):
		t.Fatal("a closed process reported as crashed")
	default:
	}
}

func TestCrashIsReported(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	m := newTestManager(t, Options{})
	assert.Nil(t, m.Crashed(b), "not started yet")
	sc, err := m.Scorer(ctx, b)
	require.NoError(t, err)
	p, err := m.Start(ctx, b)
	require.NoError(t, err)
	crashed := m.Crashed(b)

	err = sc.Scorer("good").Score(ctx, scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"__crash__"}}}, &scorer.ScoreResponse{})
	require.Error(t, err)
	select {
	case <-crashed:
	case <-time.After(10 * time.Second):
		t.Fatal("crash not reported")
	}
	<-p.Done()
	assert.True(t, p.Exited())
	require.Error(t, p.Err())
	assert.Contains(t, p.Err().Error(), `scorer plugin "good" (`+b.Path+`) exited unexpectedly`)
	assert.Contains(t, p.Err().Error(), "[ERROR] crashing on purpose")
}

func TestKillAll(t *testing.T) { // not parallel: it closes every live Manager
	ctx := context.Background()
	var pids []int
	var managers []*Manager
	for range 2 {
		m := newTestManager(t, Options{})
		p, err := m.Start(ctx, install(t, "swarmhost-scorer-good"))
		require.NoError(t, err)
		pids, managers = append(pids, p.Pid()), append(managers, m)
	}
	KillAll()
	KillAll()
	for i, pid := range pids {
		requireGone(t, pid)
		_, err := managers[i].Start(ctx, install(t, "swarmhost-scorer-good"))
		assert.ErrorContains(t, err, "closed")
	}
}

func TestPluginDiesWithHost(t *testing.T) {
	t.Parallel()
	b := install(t, "swarmhost-agent-bare") // no SDK watchdog: only Pdeathsig can end it
	host := exec.Command(os.Args[0], "-test.run=^$")
	host.Env = append(os.Environ(), fakeHostEnv+"="+b.Path)
	host.Stderr = os.Stderr
	out, err := host.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, host.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	require.NoError(t, err)
	require.True(t, proctest.Alive(pid))

	require.NoError(t, host.Process.Kill())
	_ = host.Wait()
	requireGone(t, pid)
}
