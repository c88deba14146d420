package plugins

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// swapStarts is how many starts the swap tests make while the file is
// swapped under them.
const swapStarts = 1000

// swapper replaces path, in a loop until stop is closed, by fresh files
// holding good or bad (a rename over it) and rewrites it in place
// (refused with ETXTBSY while it runs). It is the attacker of the pin swap
// race.
func swapper(t *testing.T, path string, good, bad []byte, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			content := [][]byte{good, bad}[i%2]
			tmp := path + ".swap"
			if os.WriteFile(tmp, content, 0o755) == nil {
				_ = os.Rename(tmp, path)
			}
		}
	}()
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
				_, _ = f.WriteAt([][]byte{bad, good}[i%2], 0)
				f.Close()
			}
		}
	}()
	return &wg
}

// swapBinaries are two small programs of the same size (so that an
// in-place rewrite makes a whole program): run with the argument "good",
// the good one prints it and the bad one does not.
func swapBinaries(t *testing.T) (good, bad []byte) {
	t.Helper()
	var err error
	good, err = os.ReadFile("/bin/echo")
	require.NoError(t, err)
	bad, err = os.ReadFile("/bin/false")
	require.NoError(t, err)
	if len(bad) < len(good) {
		bad = append(bad, make([]byte, len(good)-len(bad))...)
	}
	return good, bad[:max(len(good), len(bad))]
}

// TestPinSwapNeverRunsTheWrongBinaryTrusted starts a pinned program 1 000
// times the way a trusted plugin starts (startVerified) while the file is
// swapped: every start either runs the pinned bytes or is refused; the
// other program never runs.
func TestPinSwapNeverRunsTheWrongBinaryTrusted(t *testing.T) {
	t.Parallel()
	good, bad := swapBinaries(t)
	path := filepath.Join(t.TempDir(), "prog")
	require.NoError(t, os.WriteFile(path, good, 0o755))
	want := bytesSHA256(good)
	stop := make(chan struct{})
	wg := swapper(t, path, good, bad, stop)
	defer wg.Wait()
	defer close(stop)

	runtime.LockOSThread() // the tracer thread must stay the same until the detach
	defer runtime.UnlockOSThread()
	var ran, refused int
	for range swapStarts {
		var out bytes.Buffer
		cmd := &exec.Cmd{Path: path, Args: []string{path, "good"}, Stdout: &out, SysProcAttr: sysProcAttr()}
		held, err := startVerified(cmd, want)
		if err != nil {
			// ETXTBSY: the in-place writer had it open; a mismatch: swapped.
			refused++
			continue
		}
		require.NoError(t, held.AwaitExit())
		err = held.Reap(cmd.Wait)
		require.NoError(t, err, "only the good program exits 0")
		require.Equal(t, "good\n", out.String(), "only the good program prints this")
		ran++
	}
	t.Logf("%d starts ran the pinned program, %d were refused", ran, refused)
	assert.Positive(t, ran, "the test never started the good program, so it proves nothing")
}

// TestPinSwapNeverRunsTheWrongBinaryUntrusted makes 1 000 verified copies
// the way an untrusted plugin starts (isolate.VerifiedCopy, whose copy is
// what the sandbox runs) while the file is swapped, and runs each copy:
// every copy is of the pinned bytes, or none is made.
func TestPinSwapNeverRunsTheWrongBinaryUntrusted(t *testing.T) {
	t.Parallel()
	good, bad := swapBinaries(t)
	path := filepath.Join(t.TempDir(), "prog")
	require.NoError(t, os.WriteFile(path, good, 0o755))
	want := bytesSHA256(good)
	stop := make(chan struct{})
	wg := swapper(t, path, good, bad, stop)
	defer wg.Wait()
	defer close(stop)

	var ran, refused int
	for range swapStarts {
		copied, remove, err := isolate.VerifiedCopy(path, want)
		if err != nil {
			require.True(t, errors.As(err, new(*isolate.DigestMismatchError)), "%v", err)
			refused++
			continue
		}
		out, err := exec.Command(copied, "good").Output()
		for try := 0; errors.Is(err, syscall.ETXTBSY) && try < 100; try++ {
			// Another test's child forked while the copy was open for writing.
			time.Sleep(time.Millisecond)
			out, err = exec.Command(copied, "good").Output()
		}
		remove()
		require.NoError(t, err, "only the good program exits 0")
		require.Equal(t, "good\n", string(out), "only the good program prints this")
		ran++
	}
	t.Logf("%d copies were of the pinned program, %d were refused", ran, refused)
	assert.Positive(t, ran, "the test never copied the good program, so it proves nothing")
}

// TestPinSwapWithRealPlugins swaps a plugin binary for another plugin's
// (renames of hard links, so no bytes are written) while real plugins,
// trusted and sandboxed, start from it: every start serves the pinned
// plugin or is refused with a ChecksumError; the other plugin never
// answers.
func TestPinSwapWithRealPlugins(t *testing.T) {
	t.Parallel()
	for _, trust := range []string{Trusted, Untrusted} {
		t.Run(trust, func(t *testing.T) {
			t.Parallel()
			if trust == Untrusted {
				isolatetest.RequireTier(t, isolate.TierNamespaces)
			}
			b := install(t, "swarmhost-scorer-good")
			b.Trust = trust
			dir := filepath.Dir(b.Path)
			good, bad := filepath.Join(dir, "good.bin"), filepath.Join(dir, "bad.bin")
			require.NoError(t, os.Link(b.Path, good))
			require.NoError(t, os.Link(filepath.Join(binDir, "swarmhost-scorer-levels"), bad))
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					tmp := b.Path + ".swap"
					_ = os.Remove(tmp) // a rename onto a link of the same file leaves it
					if os.Link([]string{good, bad}[i%2], tmp) == nil {
						_ = os.Rename(tmp, b.Path)
					}
					time.Sleep(200 * time.Microsecond)
				}
			}()
			defer wg.Wait()
			defer close(stop)
			var served, refused int
			for range 20 {
				m := NewManager(nil, Options{KillTimeout: 1e9})
				infos, err := m.Info(context.Background(), b)
				m.Close()
				if err != nil {
					require.True(t, errors.As(err, new(*ChecksumError)), "%v", err)
					refused++
					continue
				}
				require.Len(t, infos, 1)
				require.Equal(t, "good", infos[0].Name, "the swapped-in plugin answered")
				served++
			}
			t.Logf("%d starts served the pinned plugin, %d were refused", served, refused)
			assert.Positive(t, refused, "the swap never hit a start, so the test proves nothing")
		})
	}
}
