package sandbox

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDockerFiles(t *testing.T) {
	t.Parallel()
	d := newDocker(t, DockerConfig{})
	set := dockerSample(t, d, SampleSpec{ID: "files", Epoch: 1, Members: []string{"m"},
		Files: map[string]string{"problem.txt": "91", "deep/er/data.txt": "data:,hello%20there"},
		Setup: "ln -s deep/er/data.txt link.txt && echo set > setup.txt"})
	sb := set.For("m")
	ctx := t.Context()
	for path, want := range map[string]string{"problem.txt": "91", "deep/er/data.txt": "hello there", "link.txt": "hello there",
		"/workspace/setup.txt": "set\n", NotesFile: ""} {
		got, err := sb.ReadFile(ctx, path)
		require.NoError(t, err, path)
		assert.Equal(t, want, string(got), path)
	}
	require.NoError(t, sb.WriteFile(ctx, "new/dir/f.txt", []byte("crlf\r\nbytes\x00")))
	got, err := sb.ReadFile(ctx, "new/dir/f.txt")
	require.NoError(t, err)
	assert.Equal(t, "crlf\r\nbytes\x00", string(got))
	files, err := sb.ListFiles(ctx, "")
	require.NoError(t, err)
	assert.Equal(t, []string{".swarm/notes.md", "deep/er/data.txt", "link.txt", "new/dir/f.txt", "problem.txt", "setup.txt"}, files)
	sub, err := sb.ListFiles(ctx, "deep")
	require.NoError(t, err)
	assert.Equal(t, []string{"deep/er/data.txt"}, sub)
	_, err = sb.ReadFile(ctx, "deep")
	assert.ErrorContains(t, err, "is a directory")
	_, err = sb.ReadFile(ctx, "nope.txt")
	assert.ErrorContains(t, err, "no such file")
	res, err := sb.Exec(ctx, ExecRequest{Command: []string{"ls", ".swarm/scratch"}})
	require.NoError(t, err)
	assert.Equal(t, "m\n", res.Stdout, "the filesystem channel's scratch dirs")
}

// TestDockerSampleRemovedAtClose: every container carries the run and
// sample labels, and none is left once the sample is closed.
func TestDockerSampleRemovedAtClose(t *testing.T) {
	t.Parallel()
	cli := needEngine(t)
	d := newDocker(t, DockerConfig{PerMember: true})
	set, err := d.Sample(t.Context(), SampleSpec{ID: "q/1", Epoch: 2, Members: []string{"a", "b"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"", "a", "b"}, set.Names())
	list := labelled(t, cli, LabelRun, d.cfg.Run)
	require.Len(t, list, 3)
	for _, c := range list {
		assert.Equal(t, "q/1", c.Labels[LabelSample])
		assert.Equal(t, "2", c.Labels[LabelEpoch])
		assert.Equal(t, ownerLabel(), c.Labels[LabelOwner])
	}
	require.NoError(t, set.Close())
	require.NoError(t, set.Close(), "a second Close is fine")
	assert.Empty(t, labelled(t, cli, LabelRun, d.cfg.Run))
}

// TestDockerComparator is the comparator pattern: each member works in its
// own compose service on a volume of its own; the comparator service sees
// every member's /workspace read-only at /answers/<member>.
func TestDockerComparator(t *testing.T) {
	t.Parallel()
	compose := writeCompose(t, `
services:
  default:
    image: `+testImage+`
  alice:
    image: `+testImage+`
    volumes: ["alice:/workspace"]
  bob:
    image: `+testImage+`
    volumes: ["bob:/workspace"]
    environment: {ROLE: prover}
    mem_limit: 64m
    pids_limit: 64
  comparator:
    image: `+testImage+`
    volumes: ["alice:/answers/alice:ro", "bob:/answers/bob:ro"]
volumes:
  alice: {}
  bob: {}
`)
	d := newDocker(t, DockerConfig{Compose: compose, PerMember: true})
	set := dockerSample(t, d, SampleSpec{ID: "cmp", Epoch: 1, Members: []string{"alice", "bob"},
		Files: map[string]string{"problem.txt": "91"}})
	assert.Equal(t, []string{"", "alice", "bob", "comparator"}, set.Names())
	ctx := t.Context()
	require.NoError(t, set.For("alice").WriteFile(ctx, "answer.txt", []byte("7")))
	require.NoError(t, set.For("bob").WriteFile(ctx, "answer.txt", []byte("13")))
	res, err := set.For("bob").Exec(ctx, ExecRequest{Command: []string{"sh", "-c", "echo $ROLE; cat problem.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "prover\n91", res.Stdout)
	cmp, err := set.Named("comparator")
	require.NoError(t, err)
	res, err = cmp.View().Exec(ctx, ExecRequest{Command: []string{"sh", "-c",
		"cat /answers/alice/answer.txt /answers/bob/answer.txt; echo x > /answers/alice/answer.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "713", res.Stdout)
	assert.NotZero(t, res.ExitCode, "the answers are read-only: %s", res.Stderr)
	got, err := set.For("alice").ReadFile(ctx, "answer.txt")
	require.NoError(t, err)
	assert.Equal(t, "7", string(got))
	_, err = set.For("alice").ReadFile(ctx, "/answers/bob/answer.txt")
	assert.Error(t, err, "a member does not see another's workspace")
}

// TestDockerViewExecLeavesSandboxUnchanged: a scorer's exec runs in a copy.
func TestDockerViewExecLeavesSandboxUnchanged(t *testing.T) {
	t.Parallel()
	d := newDocker(t, DockerConfig{})
	sb := dockerSample(t, d, SampleSpec{ID: "view", Epoch: 1, Files: map[string]string{"keep.txt": "original"}}).For("")
	v := sb.View()
	res, err := v.Exec(t.Context(), ExecRequest{Command: []string{"sh", "-c",
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
// containers; the next provider started on this machine removes them.
func TestDockerSweepAfterKilledHost(t *testing.T) {
	t.Parallel()
	cli := needEngine(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestDockerHoldSample$", "-test.count=1")
	cmd.Env = append(os.Environ(), "SWARMHOST_TEST_HOLD_SAMPLE=1")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	run := readLine(t, out)
	require.NotEmpty(t, labelled(t, cli, LabelRun, run), "the held sample's containers run")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	require.NotEmpty(t, labelled(t, cli, LabelRun, run), "killing the host leaves them")
	newDocker(t, DockerConfig{})
	assert.Empty(t, labelled(t, cli, LabelRun, run), "the next start swept them")
}

// TestDockerHoldSample is TestDockerSweepAfterKilledHost's host: it makes a
// sample, prints its run id and waits to be killed.
func TestDockerHoldSample(t *testing.T) {
	if os.Getenv("SWARMHOST_TEST_HOLD_SAMPLE") == "" {
		t.Skip("run by TestDockerSweepAfterKilledHost")
	}
	d := newDocker(t, DockerConfig{Run: "held-" + randomID(), PerMember: true})
	dockerSample(t, d, SampleSpec{ID: "held", Epoch: 1, Members: []string{"m"}})
	os.Stdout.WriteString(d.cfg.Run + "\n")
	select {}
}

// readLine reads one line from r.
func readLine(t *testing.T, r interface{ Read([]byte) (int, error) }) string {
	t.Helper()
	var line []byte
	b := make([]byte, 1)
	for {
		n, err := r.Read(b)
		require.NoError(t, err, "read %q so far", line)
		if n == 1 && b[0] == '\n' {
			return strings.TrimSpace(string(line))
		}
		line = append(line, b[:n]...)
	}
}

// TestDockerComposeSettings: a service's user, working dir, environment and
// limits hold in its container.
func TestDockerComposeSettings(t *testing.T) {
	t.Parallel()
	compose := writeCompose(t, `
services:
  default:
    image: `+testImage+`
    user: nobody
    working_dir: /workspace/sub
    environment: {GREETING: hello}
    mem_limit: 32m
    pids_limit: 20
`)
	d := newDocker(t, DockerConfig{Compose: compose})
	sb := dockerSample(t, d, SampleSpec{ID: "settings", Epoch: 1, Files: map[string]string{"f.txt": "x"}}).For("")
	ctx := t.Context()
	res, err := sb.Exec(ctx, ExecRequest{Command: []string{"sh", "-c", `echo "$(id -u) $PWD $GREETING"; stat -c %u f.txt`}})
	require.NoError(t, err)
	assert.Equal(t, "65534 /workspace/sub hello\n65534\n", res.Stdout, res.Stderr)
	res, err = sb.Exec(ctx, ExecRequest{Command: []string{"sh", "-c", "head -c 100000000 /dev/zero | tail -c 90000000 >/dev/null"}})
	require.NoError(t, err)
	assert.NotZero(t, res.ExitCode, "the memory limit holds")
	ps, err := sb.Exec(ctx, ExecRequest{Command: []string{"sh", "-c", "cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max"}})
	require.NoError(t, err)
	assert.Equal(t, "20\n", ps.Stdout, "the pids limit is set")
}
