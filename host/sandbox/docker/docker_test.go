package docker

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	composepkg "github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// TestDockerFiles: enginetest.Files on the docker provider.
func TestDockerFiles(t *testing.T) {
	t.Parallel()
	enginetest.Files(t, dockerEngine(t))
}

// TestDockerSampleRemovedAtClose: every container carries the run and
// sample labels, and none is left once the sample is closed.
func TestDockerSampleRemovedAtClose(t *testing.T) {
	t.Parallel()
	cli := needEngine(t)
	d := newDocker(t, Config{PerMember: true})
	set, err := d.Sample(t.Context(), sandbox.SampleSpec{ID: "q/1", Epoch: 2, Members: []string{"a", "b"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"", "a", "b"}, set.Names())
	list := labelled(t, cli, LabelRun, d.cfg.Run)
	require.Len(t, list, 3)
	for _, c := range list {
		assert.Equal(t, "q/1", c.Labels[LabelSample])
		assert.Equal(t, "2", c.Labels[LabelEpoch])
		assert.Equal(t, engine.OwnerLabel(), c.Labels[LabelOwner])
	}
	require.NoError(t, set.Close())
	require.NoError(t, set.Close(), "a second Close is fine")
	assert.Empty(t, labelled(t, cli, LabelRun, d.cfg.Run))
}

// TestDockerComparator is the comparator pattern (enginetest.Comparator) in compose services.
func TestDockerComparator(t *testing.T) {
	t.Parallel()
	enginetest.Comparator(t, dockerEngine(t))
}

// TestDockerViewExecLeavesSandboxUnchanged: a scorer's exec runs in a copy.
func TestDockerViewExecLeavesSandboxUnchanged(t *testing.T) {
	t.Parallel()
	d := newDocker(t, Config{})
	sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "view", Epoch: 1, Files: map[string]string{"keep.txt": "original"}}).For("")
	v := sb.View()
	res, err := v.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c",
		"cat keep.txt; echo changed > keep.txt; rm -f .swarm/notes.md; touch new.txt; cat keep.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "originalchanged\n", res.Stdout)
	assert.Zero(t, res.ExitCode, res.Stderr)
	files, err := v.ListFiles(t.Context(), "")
	require.NoError(t, err)
	assert.Equal(t, []string{".swarm/notes.md", "keep.txt"}, files)
	got, err := v.ReadFile(t.Context(), "keep.txt")
	require.NoError(t, err)
	assert.Equal(t, "original", string(got))
}

// TestDockerSweepAfterKilledHost: a host killed mid-sample leaves its
// containers; the next provider started on this machine removes them
// (enginetest.SweepAfterKilledHost).
func TestDockerSweepAfterKilledHost(t *testing.T) {
	t.Parallel()
	enginetest.SweepAfterKilledHost(t, dockerEngine(t))
}

// TestDockerHoldSample is TestDockerSweepAfterKilledHost's host (enginetest.HoldSample).
func TestDockerHoldSample(t *testing.T) {
	enginetest.HoldSample(t, dockerEngine)
}

// TestDockerComposeSettings: a service's user, working dir, environment and
// limits hold in its container.
func TestDockerComposeSettings(t *testing.T) {
	t.Parallel()
	compose := enginetest.WriteCompose(t, `
services:
  default:
    image: `+testImage+`
    user: nobody
    working_dir: /workspace/sub
    environment: {GREETING: hello}
    mem_limit: 32m
    pids_limit: 20
`)
	d := newDocker(t, Config{Compose: compose})
	sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "settings", Epoch: 1, Files: map[string]string{"f.txt": "x"}}).For("")
	ctx := t.Context()
	res, err := sb.Exec(ctx, sandbox.ExecRequest{Command: []string{"sh", "-c", `echo "$(id -u) $PWD $GREETING"; stat -c %u f.txt`}})
	require.NoError(t, err)
	assert.Equal(t, "65534 /workspace/sub hello\n65534\n", res.Stdout, res.Stderr)
	res, err = sb.Exec(ctx, sandbox.ExecRequest{Command: []string{"sh", "-c", "head -c 100000000 /dev/zero | tail -c 90000000 >/dev/null"}})
	require.NoError(t, err)
	assert.NotZero(t, res.ExitCode, "the memory limit holds")
	ps, err := sb.Exec(ctx, sandbox.ExecRequest{Command: []string{"sh", "-c", "cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max"}})
	require.NoError(t, err)
	assert.Equal(t, "20\n", ps.Stdout, "the pids limit is set")
}

// TestDockerBindTurnedIntoALink performs the attack: a member with a writable bind inside the
// suite replaces the source of the service's other bind with a link to the host's root; the next
// sample's container would mount the host there (the engine follows links in a bind's source),
// and is refused instead (issue 27).
func TestDockerBindTurnedIntoALink(t *testing.T) {
	t.Parallel()
	suite := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(suite, "data", "sub"), 0o777))
	compose := filepath.Join(suite, "compose.yaml")
	require.NoError(t, os.WriteFile(compose, []byte("services:\n  default:\n    image: "+testImage+
		"\n    volumes: [\"./data:/data\", \"./data/sub:/sub:ro\"]\n"), 0o644))
	d := newDocker(t, Config{Compose: compose, ComposeOptions: composepkg.Options{Root: suite}})
	first := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "first", Epoch: 1}).For("")
	res, err := first.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c", "rm -rf /data/sub && ln -s / /data/sub"}})
	require.NoError(t, err)
	require.Zero(t, res.ExitCode, res.Stderr)
	_, err = d.Sample(t.Context(), sandbox.SampleSpec{ID: "second", Epoch: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at /sub now leads to /, outside the suite's directory")
}

// TestDockerFrozen: a paused container keeps what a member left (enginetest.Frozen).
func TestDockerFrozen(t *testing.T) {
	t.Parallel()
	enginetest.Frozen(t, dockerEngine(t))
}
