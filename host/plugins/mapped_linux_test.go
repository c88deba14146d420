package plugins

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// TestMappedRewriteNeverRuns is the attack of a pinned (or manifest-trusted)
// binary rewritten through a shared memory mapping: every page is dirtied
// once, before the file settles and discovery hashes it, so the rewrite
// after the hash moves neither the file's size nor its times, and its
// identity is the one hashed. The start must hash what the kernel executes
// and refuse it; before, the digest remembered for that identity let the
// other program run unhashed. On ext4 (the test's directory) and on tmpfs,
// where pages are never written back.
func TestMappedRewriteNeverRuns(t *testing.T) {
	t.Parallel()
	dirs := map[string]string{"test directory": t.TempDir()}
	if shm, err := os.MkdirTemp("/dev/shm", "mapped-"); err == nil {
		t.Cleanup(func() { _ = os.RemoveAll(shm) })
		dirs["tmpfs"] = shm
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			good, bad := swapBinaries(t)
			path := filepath.Join(dir, "prog")
			require.NoError(t, os.WriteFile(path, good, 0o755))
			mem, closeMap := dirtyMapping(t, path, len(good))
			for time.Since(changeTime(t, path)) < digestSettle {
				time.Sleep(100 * time.Millisecond)
			}
			before := identifyNow(t, path)
			want, err := resolvedSHA256(path) // discovery: the pinned digest, recorded for this identity
			require.NoError(t, err)
			require.Equal(t, bytesSHA256(good), want)

			copy(mem, bad) // the attack: no write fault, no time moves
			closeMap()
			if after := identifyNow(t, path); after != before {
				t.Skipf("the kernel wrote the dirty pages back meanwhile, so the file's times moved (%+v, then %+v): "+
					"this run could not stage the attack", before, after)
			}
			onDisk, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, bad, onDisk, "the rewrite through the mapping did not land")

			runtime.LockOSThread() // the tracer thread must stay the same until the detach
			defer runtime.UnlockOSThread()
			var out bytes.Buffer
			var cmd *exec.Cmd
			var held *isolate.Held
			// "text file busy": a parallel test's fork, between its fork and
			// its exec, still held the descriptor the mapping was made
			// through (golang/go#22315); the file is not busy for long.
			for try := 0; ; try++ {
				cmd = &exec.Cmd{Path: path, Args: []string{path, "good"}, Stdout: &out, SysProcAttr: sysProcAttr()}
				held, err = startVerified(cmd, want)
				if !errors.Is(err, syscall.ETXTBSY) || try == 20 {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if err == nil {
				_ = held.AwaitExit()
				werr := held.Reap(cmd.Wait)
				t.Fatalf("the rewritten program ran unhashed (exit %v, stdout %q)", werr, out.String())
			}
			require.ErrorAs(t, err, new(*isolate.DigestMismatchError))
		})
	}
}

// dirtyMapping maps the first n bytes of path shared and writable and
// dirties every page (writing each page's first byte back unchanged): the
// last write that moves the file's times. close unmaps and closes it.
func dirtyMapping(t *testing.T, path string, n int) (mem []byte, close func()) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	mem, err = unix.Mmap(int(f.Fd()), 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		f.Close()
		t.Fatal(err)
	}
	for i := 0; i < n; i += os.Getpagesize() {
		b := mem[i]
		mem[i] = b + 1
		mem[i] = b
	}
	return mem, func() {
		_ = unix.Munmap(mem)
		_ = f.Close()
	}
}
