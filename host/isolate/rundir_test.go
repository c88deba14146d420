package isolate

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunDirNamesAreUnpredictable(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	a, err := makeRunDir(parent)
	require.NoError(t, err)
	b, err := makeRunDir(parent)
	require.NoError(t, err)
	assert.NotEqual(t, a, b, "two run directories of one host differ")
	prefix := runDirPrefix + strconv.Itoa(os.Getpid()) + "-"
	for _, dir := range []string{a, b} {
		name := filepath.Base(dir)
		require.True(t, strings.HasPrefix(name, prefix), name)
		assert.Len(t, strings.TrimPrefix(name, prefix), 10, "48 random bits, base32")
		info, err := os.Lstat(dir)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(runDirMode), info.Mode().Perm())
		assert.True(t, info.IsDir())
	}
}

func TestMakePrivateDirRefusesWhatIsThere(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	victim := t.TempDir() // where a planted link would send the host
	before, err := os.Stat(victim)
	require.NoError(t, err)
	foreign := filepath.Join(parent, "foreign")
	require.NoError(t, os.Mkdir(foreign, 0o777))
	require.NoError(t, os.Chmod(foreign, 0o777))
	if os.Geteuid() == 0 {
		require.NoError(t, os.Chown(foreign, 65534, 65534))
	}
	require.NoError(t, os.Symlink(victim, filepath.Join(parent, "link")))
	require.NoError(t, os.Symlink(filepath.Join(parent, "missing"), filepath.Join(parent, "dangling")))
	for name, path := range map[string]string{
		"a planted symlink to a directory": filepath.Join(parent, "link"),
		"a dangling symlink":               filepath.Join(parent, "dangling"),
		"another user's directory":         foreign,
	} {
		t.Run(name, func(t *testing.T) {
			err := makePrivateDir(path, runDirMode)
			require.Error(t, err)
			assert.ErrorIs(t, err, os.ErrExist)
		})
	}
	entries, err := os.ReadDir(victim)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing was created through the link")
	_, err = os.Lstat(filepath.Join(parent, "missing"))
	assert.ErrorIs(t, err, os.ErrNotExist, "the dangling link's target was not created")
	info, err := os.Stat(victim)
	require.NoError(t, err)
	assert.Equal(t, before.Mode(), info.Mode(), "the link's target kept its mode")
}

func TestCheckPrivateRefusesForeignOrOpenDirectories(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	open := func(t *testing.T, p string) int {
		fd, err := syscall.Open(p, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
		require.NoError(t, err)
		t.Cleanup(func() { syscall.Close(fd) })
		return fd
	}
	writable := filepath.Join(dir, "writable")
	require.NoError(t, os.Mkdir(writable, 0o700))
	require.NoError(t, os.Chmod(writable, 0o777))
	assert.ErrorContains(t, checkPrivate(open(t, writable), writable), "others may write it")
	if os.Geteuid() == 0 {
		foreign := filepath.Join(dir, "foreign")
		require.NoError(t, os.Mkdir(foreign, 0o700))
		require.NoError(t, os.Chown(foreign, 65534, 65534))
		assert.ErrorContains(t, checkPrivate(open(t, foreign), foreign), "belongs to uid 65534")
	}
	mine := filepath.Join(dir, "mine")
	require.NoError(t, os.Mkdir(mine, 0o700))
	assert.NoError(t, checkPrivate(open(t, mine), mine))
}

func TestSweepRemovesOnlyOwnDeadRunDirs(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	const dead = 1 << 22 // above pid_max: never a live process
	deadDir := filepath.Join(parent, runDirPrefix+strconv.Itoa(dead)+"-abcdefghij")
	require.NoError(t, os.Mkdir(deadDir, 0o700))
	victim := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(victim, "keep"), nil, 0o600))
	link := filepath.Join(parent, runDirPrefix+strconv.Itoa(dead)+"-klmnopqrst")
	require.NoError(t, os.Symlink(victim, link))
	live := filepath.Join(parent, runDirPrefix+"1-abcdefghij") // pid 1 lives
	require.NoError(t, os.Mkdir(live, 0o700))
	odd := filepath.Join(parent, runDirPrefix+strconv.Itoa(dead)) // not a run directory's name
	require.NoError(t, os.Mkdir(odd, 0o700))

	sweepRunDirs(parent)
	assert.NoDirExists(t, deadDir)
	assert.FileExists(t, filepath.Join(victim, "keep"), "a link was not followed")
	_, err := os.Lstat(link)
	assert.NoError(t, err, "a link is not a run directory: left alone")
	assert.DirExists(t, live)
	assert.DirExists(t, odd)
}

func TestSweepLeavesOtherUsersRunDirs(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("giving a directory to another user needs root")
	}
	parent := t.TempDir()
	const dead = 1 << 22 // above pid_max: never a live process
	foreign := filepath.Join(parent, runDirPrefix+strconv.Itoa(dead)+"-abcdefghij")
	require.NoError(t, os.Mkdir(foreign, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(foreign, "keep"), nil, 0o600))
	require.NoError(t, os.Chown(foreign, 65534, 65534))
	mine := filepath.Join(parent, runDirPrefix+strconv.Itoa(dead)+"-klmnopqrst")
	require.NoError(t, os.Mkdir(mine, 0o700))

	sweepRunDirs(parent)
	assert.NoDirExists(t, mine, "this user's dead run directory is swept")
	assert.FileExists(t, filepath.Join(foreign, "keep"), "another user's run directory, though its pid is gone, is left alone")
}

// TestRunDirParentKeepsSocketPathsShort: run directories go under TMPDIR
// while the longest socket path inside one fits the kernel's limit, and
// under /tmp once it would not.
func TestRunDirParentKeepsSocketPathsShort(t *testing.T) {
	long := "/" + strings.Repeat("x", socketPathMax-runDirPathMax)
	tests := []struct {
		name, tmp, want string
	}{
		{"short TMPDIR", "/tmp/t", "/tmp/t"},
		{"longest that fits", long[:len(long)-1], long[:len(long)-1]},
		{"one byte too long", long, shortTempDir},
		{"far too long", "/" + strings.Repeat("y", 200), shortTempDir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runDirParent(tt.tmp)
			assert.Equal(t, tt.want, got)
			// The longest socket path in a run directory under got fits.
			sock := got + "/swh-4194304-abcdefghij/plugin-dir4294967295/plugin4294967295"
			assert.LessOrEqual(t, len(sock), socketPathMax, sock)
		})
	}
}
