package enginetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// Engine is a container engine as the tests that run the same on the docker and the
// kubernetes provider see it: how to start its provider and what of a run is left on it.
type Engine struct {
	// Image is the test image the engine holds.
	Image string
	// Provider starts the engine's provider for opts (the test image unless opts has a compose
	// file), closed at the end of the test.
	Provider func(t *testing.T, opts Opts) sandbox.Provider
	// Left lists what of the run is still on the engine (its containers, its pods).
	Left func(t *testing.T, run string) int
	// HoldTest is the test that holds a sample for SweepAfterKilledHost (HoldSample).
	HoldTest string
}

// Opts is what of a provider's config the shared tests set.
type Opts struct {
	Compose   string
	PerMember bool
	Run       string
}

// Sample makes the sandboxes of spec with p, closed at the end of the test.
func Sample(t *testing.T, p sandbox.Provider, spec sandbox.SampleSpec) sandbox.Set {
	t.Helper()
	set, err := p.Sample(t.Context(), spec)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, set.Close()) })
	return set
}

// TB is what Missing needs of a test: testing.T, or a recorder in its own test.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

// Expect reports whether a missing engine fails the test rather than skips it: under CI
// (CI=true) or with env set (SWARMHOST_EXPECT_DOCKER, SWARMHOST_EXPECT_K8S), which .ci/run sets
// after starting the engine.
func Expect(env string) bool {
	return os.Getenv("CI") == "true" || os.Getenv(env) != ""
}

// SkipShort skips a test that needs an engine under -short (`make
// test-short`: no container engine, no cluster), whatever CI expects.
func SkipShort(t testing.TB, need string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: this test needs a %s", need)
	}
}

// Missing ends a test whose engine did not answer (err): it fails when expected, and
// skips otherwise. need says what the tests need ("kubernetes cluster"), start how to start it.
func Missing(t TB, expected bool, need, start string, err error) {
	t.Helper()
	if expected {
		t.Fatalf("the tests need a %s (as root: %s): %v", need, start, err)
		return
	}
	t.Skipf("no %s (as root: %s): %v", need, start, err)
}

// Files: files written into the sample, its setup, symlinks, bytes kept exactly,
// listing, the errors of a directory and of a missing file, and the channels' scratch dirs.
func Files(t *testing.T, e Engine) {
	p := e.Provider(t, Opts{})
	set := Sample(t, p, sandbox.SampleSpec{ID: "files", Epoch: 1, Members: []string{"m"},
		Files: map[string]string{"problem.txt": "91", "deep/er/data.txt": "data:,hello%20there"},
		Setup: "ln -s deep/er/data.txt link.txt && echo set > setup.txt"})
	sb := set.For("m")
	ctx := t.Context()
	for path, want := range map[string]string{"problem.txt": "91", "deep/er/data.txt": "hello there", "link.txt": "hello there",
		"/workspace/setup.txt": "set\n", sandbox.NotesFile: ""} {
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
	assertErrorFold(t, err, "is a directory")
	_, err = sb.ReadFile(ctx, "nope.txt")
	assertErrorFold(t, err, "no such file")
	res, err := sb.Exec(ctx, sandbox.ExecRequest{Command: []string{"ls", ".swarm/scratch"}})
	require.NoError(t, err)
	assert.Equal(t, "m\n", res.Stdout, "the filesystem channel's scratch dirs")
}

// assertErrorFold asserts that err's message contains want, ignoring case (the engines' own
// messages differ in case: "no such file", "No such file").
func assertErrorFold(t *testing.T, err error, want string) {
	t.Helper()
	if assert.Error(t, err, "want an error containing %q", want) {
		assert.Contains(t, strings.ToLower(err.Error()), want)
	}
}

// comparatorCompose is the comparator pattern's compose file for image: each member works in
// its own service on a volume of its own; the comparator service mounts both read-only.
func comparatorCompose(image string) string {
	return `
services:
  default:
    image: ` + image + `
  alice:
    image: ` + image + `
    volumes: ["alice:/workspace"]
  bob:
    image: ` + image + `
    volumes: ["bob:/workspace"]
    environment: {ROLE: prover}
    mem_limit: 64m
  comparator:
    image: ` + image + `
    volumes: ["alice:/answers/alice:ro", "bob:/answers/bob:ro"]
volumes:
  alice: {}
  bob: {}
`
}

// Comparator: members write their own workspaces; the comparator service, and a
// scorer's view of it, read every member's answer and write none; a member sees no other's.
func Comparator(t *testing.T, e Engine) {
	p := e.Provider(t, Opts{Compose: WriteCompose(t, comparatorCompose(e.Image)), PerMember: true})
	set := Sample(t, p, sandbox.SampleSpec{ID: "cmp", Epoch: 1, Members: []string{"alice", "bob"},
		Files: map[string]string{"problem.txt": "91"}})
	assert.Equal(t, []string{"", "alice", "bob", "comparator"}, set.Names())
	ctx := t.Context()
	require.NoError(t, set.For("alice").WriteFile(ctx, "answer.txt", []byte("7")))
	require.NoError(t, set.For("bob").WriteFile(ctx, "answer.txt", []byte("13")))
	res, err := set.For("bob").Exec(ctx, sandbox.ExecRequest{Command: []string{"sh", "-c", "echo $ROLE; cat problem.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "prover\n91", res.Stdout)
	cmp, err := set.Named("comparator")
	require.NoError(t, err)
	for name, ex := range map[string]func(sandbox.ExecRequest) (sandbox.ExecResult, error){
		"comparator":        func(r sandbox.ExecRequest) (sandbox.ExecResult, error) { return cmp.Exec(ctx, r) },
		"comparator's view": func(r sandbox.ExecRequest) (sandbox.ExecResult, error) { return cmp.View().Exec(ctx, r) },
	} {
		res, err = ex(sandbox.ExecRequest{Command: []string{"sh", "-c",
			"cat /answers/alice/answer.txt /answers/bob/answer.txt; echo x > /answers/alice/answer.txt"}})
		require.NoError(t, err, name)
		assert.Equal(t, "713", res.Stdout, name)
		assert.NotZero(t, res.ExitCode, "%s: the answers are read-only: %s", name, res.Stderr)
	}
	got, err := set.For("alice").ReadFile(ctx, "answer.txt")
	require.NoError(t, err)
	assert.Equal(t, "7", string(got))
	_, err = set.For("alice").ReadFile(ctx, "/answers/bob/answer.txt")
	assert.Error(t, err, "a member does not see another's workspace")
}

// holdEnv names the variable that makes e.HoldTest hold a sample (HoldSample).
const holdEnv = "SWARMHOST_TEST_HOLD_SAMPLE"

// SweepAfterKilledHost: a host killed mid-sample (e.HoldTest in a child test process)
// leaves what it made on the engine; the next provider started on this machine removes it.
func SweepAfterKilledHost(t *testing.T, e Engine) {
	cmd := exec.Command(os.Args[0], "-test.run=^"+e.HoldTest+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), holdEnv+"=1")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	run := readLine(t, out)
	require.NotZero(t, e.Left(t, run), "the held sample runs")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	require.NotZero(t, e.Left(t, run), "killing the host leaves it")
	e.Provider(t, Opts{})
	assert.Zero(t, e.Left(t, run), "the next start swept it")
}

// HoldSample is the body of e.HoldTest, SweepAfterKilledHost's host: it makes a sample,
// prints its run id and waits to be killed. Outside that test it skips.
func HoldSample(t *testing.T, of func(*testing.T) Engine) {
	if os.Getenv(holdEnv) == "" {
		t.Skip("run by the SweepAfterKilledHost test")
	}
	run := "held-" + engine.RandomID()
	p := of(t).Provider(t, Opts{Run: run, PerMember: true})
	Sample(t, p, sandbox.SampleSpec{ID: "held", Epoch: 1, Members: []string{"m"}})
	os.Stdout.WriteString(run + "\n")
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

// WriteCompose writes a compose file into a fresh directory.
func WriteCompose(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "compose.yaml")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// Frozen: what a member left running in its sandbox (a loop that left its command's process
// group, as a member that meant to change the sandbox after its end starts it) stops at Freeze
// (issue 27), and the sandbox's reads and view still work: what it left is what is scored.
func Frozen(t *testing.T, e Engine) {
	p := e.Provider(t, Opts{})
	sb := Sample(t, p, sandbox.SampleSpec{ID: "frozen", Epoch: 1}).For("")
	ctx := t.Context()
	res, err := sb.Exec(ctx, sandbox.ExecRequest{Command: []string{"sh", "-c",
		`setsid sh -c 'touch left; i=0; while :; do i=$((i+1)); echo $i > tick.tmp && mv tick.tmp tick; done' </dev/null >/dev/null 2>&1 &
		until [ -e left ]; do :; done`}})
	require.NoError(t, err)
	require.Zero(t, res.ExitCode, res.Stderr)
	read := func() string {
		b, err := sb.View().ReadFile(ctx, "tick")
		if err != nil {
			return ""
		}
		return string(b)
	}
	first, advanced := read(), false
	for range 500 {
		if now := read(); now != "" && first != "" && now != first {
			advanced = true
			break
		} else if first == "" {
			first = now
		}
	}
	require.True(t, advanced, "the member's loop runs on after its command (it left the group)")
	require.NoError(t, sandbox.Freeze(ctx, sb))
	require.NoError(t, sandbox.Freeze(ctx, sb), "freezing twice is no error")
	frozen := read()
	for range 2 {
		require.Equal(t, frozen, read(), "nothing changes the sandbox once frozen")
	}
	v := sb.View()
	files, err := v.ListFiles(ctx, "")
	require.NoError(t, err)
	assert.Contains(t, files, "tick")
	res, err = v.Exec(ctx, sandbox.ExecRequest{Command: []string{"cat", "tick"}})
	require.NoError(t, err)
	assert.Equal(t, frozen, res.Stdout, "a scorer's exec sees what was left")
}
