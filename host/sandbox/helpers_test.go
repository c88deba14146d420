package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
	"github.com/swarmhost/swarmhost/host/isolate"
)

// newSample makes the sandboxes of spec under a fresh root, closed at the
// end of the test, isolated as the machine allows.
func newSample(t *testing.T, spec SampleSpec) *SampleSandboxes {
	t.Helper()
	return newSampleWith(t, NewLocal(t.TempDir()), spec)
}

// newSampleWith makes the sandboxes of spec with l.
func newSampleWith(t *testing.T, l *Local, spec SampleSpec) *SampleSandboxes {
	t.Helper()
	ss, err := l.SampleDirs(context.Background(), spec)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, ss.Close()) })
	return ss
}

// namedDir is the local sandbox of ss with the given name.
func namedDir(t *testing.T, ss *SampleSandboxes, name string) *Sandbox {
	t.Helper()
	env, err := ss.Named(name)
	require.NoError(t, err)
	sb, ok := env.(*Sandbox)
	require.True(t, ok, "%T is a local sandbox", env)
	return sb
}

// isolatedEnv is what the isolation launcher adds to a command's
// environment on this machine ("" without isolation).
func isolatedEnv() string {
	l := launcher()
	switch {
	case l == nil:
		return ""
	case l.Tier() == isolate.TierNamespaces:
		return "TMPDIR=/tmp\nSWARMHOST_SANDBOX=namespaces\n"
	}
	return "TMPDIR=<tmp>\nSWARMHOST_SANDBOX=" + string(l.Tier()) + "\n"
}

// marker returns a unique number of seconds to sleep, so that a test can
// find its sleeper among all processes (pids inside a sandbox's pid
// namespace mean nothing on the host).
func marker() string {
	markerSeq.Lock()
	defer markerSeq.Unlock()
	markerSeq.n++
	return fmt.Sprintf("300.%d%06d", os.Getpid()%1000, markerSeq.n)
}

var markerSeq struct {
	sync.Mutex
	n int
}

// requireNoSleeper waits briefly for every `sleep m` to die.
func requireNoSleeper(t *testing.T, m string) {
	t.Helper()
	require.Eventually(t, func() bool { return len(proctest.Sleepers(m)) == 0 }, 5*time.Second, 20*time.Millisecond,
		"sleep %s outlived its command", m)
}

// newSandbox returns the shared sandbox of a fresh single-member sample.
func newSandbox(t *testing.T) *Sandbox {
	t.Helper()
	return newSample(t, SampleSpec{ID: "s", Epoch: 1, Members: []string{"solo"}}).Shared()
}

// writeTree writes files (path → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(dir, p)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(content), 0o644))
	}
}

// snapshot returns every file under dir with its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if info.Mode()&os.ModeSymlink != 0 {
			dest, _ := os.Readlink(p)
			out[rel] = "-> " + dest
			return nil
		}
		b, err := os.ReadFile(p)
		out[rel] = string(b)
		return err
	}))
	return out
}

// regexpQuote quotes s for a regular expression.
func regexpQuote(s string) string { return regexp.QuoteMeta(s) }

func itoa(i int) string { return strconv.Itoa(i) }
