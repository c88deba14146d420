package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScratchDirsOnFirstUse: a member's scratch directory is made at its
// first use of its sandbox, whatever the call; one that never uses it
// has none; a scorer's view command sees every member's, as when all
// were made up front; Close removes what was made.
func TestScratchDirsOnFirstUse(t *testing.T) {
	t.Parallel()
	uses := map[string]func(context.Context, Env) error{
		"a command": func(ctx context.Context, e Env) error {
			res, err := e.Exec(ctx, ExecRequest{Command: []string{"ls", ScratchDir + "/alpha"}})
			if err == nil && res.ExitCode != 0 {
				t.Errorf("ls of its own scratch directory: exit %d: %s", res.ExitCode, res.Stderr)
			}
			return err
		},
		"a read": func(ctx context.Context, e Env) error {
			_, err := e.ReadFile(ctx, ScratchDir+"/alpha/none.txt")
			assert.ErrorIs(t, err, os.ErrNotExist)
			return nil
		},
		"a write": func(ctx context.Context, e Env) error { return e.WriteFile(ctx, "work.txt", []byte("x")) },
		"a listing": func(ctx context.Context, e Env) error {
			files, err := e.ListFiles(ctx, ScratchDir+"/alpha")
			assert.Empty(t, files)
			return err
		},
	}
	for name, use := range uses {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			ss := newSample(t, SampleSpec{ID: "s", Epoch: 1, Members: []string{"alpha", "beta", "gamma"}})
			assert.DirExists(t, filepath.Join(ss.Shared().Dir, ScratchDir))
			assert.FileExists(t, ss.NotesPath())
			require.NoError(t, use(ctx, ss.For("alpha")))
			assert.DirExists(t, ss.ScratchPath("alpha"))
			assert.NoDirExists(t, ss.ScratchPath("beta"), "a member that never used its sandbox has none")

			res, err := ss.Shared().View().Exec(ctx, ExecRequest{Command: []string{"ls", ScratchDir}})
			require.NoError(t, err)
			assert.Equal(t, "alpha\nbeta\ngamma\n", res.Stdout, "a scorer's command sees every member's")
			require.NoError(t, ss.Close())
			assert.NoDirExists(t, ss.Shared().Dir)
		})
	}
}

// TestScratchDirNeverLeavesTheSandbox: a scratch root that a command
// replaced with a link out of the sandbox is not followed; the member's
// call goes on.
func TestScratchDirNeverLeavesTheSandbox(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	outside := t.TempDir()
	ss := newSample(t, SampleSpec{ID: "s", Epoch: 1, Members: []string{"alpha"}})
	root := filepath.Join(ss.Shared().Dir, ScratchDir)
	require.NoError(t, os.Remove(root))
	require.NoError(t, os.Symlink(outside, root))
	require.NoError(t, ss.For("alpha").WriteFile(ctx, "work.txt", []byte("x")))
	entries, err := os.ReadDir(outside)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing made outside the sandbox")
}
