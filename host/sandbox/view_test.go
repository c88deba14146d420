package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestViewExecLeavesSandboxUnchanged(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		local    func(root string) *Local
		wantCopy bool
	}{
		"isolated (overlay)": {local: NewLocal},
		"unisolated (copy)": {local: func(root string) *Local { return NewLocal(root).WithLauncher(nil) },
			wantCopy: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := tc.local(t.TempDir())
			if !tc.wantCopy && l.launcher() == nil {
				t.Skip("needs the isolation launcher")
			}
			viewLeavesSandboxUnchanged(t, l, tc.wantCopy)
		})
	}
}

func viewLeavesSandboxUnchanged(t *testing.T, l *Local, wantCopy bool) {
	ss := newSampleWith(t, l, SampleSpec{ID: "v", Epoch: 1, PerMember: true, Members: []string{"a", "b"}})
	a, b := ss.Dir("a"), ss.Dir("b")
	for path, content := range map[string]string{"keep.txt": "original", "gone.txt": "still here", "dir/x.txt": "x"} {
		require.NoError(t, a.WriteFile(t.Context(), path, []byte(content)))
	}
	require.NoError(t, b.WriteFile(t.Context(), "other.txt", []byte("b's file")))
	require.NoError(t, os.Symlink(filepath.Join(a.Dir, "keep.txt"), filepath.Join(a.Dir, "abs-link")))
	require.NoError(t, os.Symlink("dir/x.txt", filepath.Join(a.Dir, "rel-link")))
	require.NoError(t, os.Symlink(filepath.Join(b.Dir, "other.txt"), filepath.Join(a.Dir, "to-b")))
	require.NoError(t, os.Symlink("/etc/hostname", filepath.Join(a.Dir, "system")))
	before, beforeB := snapshot(t, a.Dir), snapshot(t, b.Dir)

	v := a.View()
	assert.Equal(t, "a", v.Name())
	res, err := v.Exec(context.Background(), ExecRequest{Command: []string{"sh", "-c", `
		cat keep.txt; echo
		[ -e to-b ] && echo "to-b present"
		echo changed > keep.txt; echo changed > abs-link; echo changed > rel-link
		rm gone.txt; rm -r dir; echo new > new.txt; mkdir made; chmod 000 made
		cat keep.txt
		[ "$HOME" = "$PWD" ] && [ "$PWD" != "` + a.Dir + `" ] && echo "in a copy"; true`}})
	require.NoError(t, err)
	assert.Equal(t, 0, res.ExitCode, res.Stderr)
	want := "original\nchanged\n"
	if wantCopy {
		want += "in a copy\n"
	}
	assert.Equal(t, want, res.Stdout, "the view sees the files and its own writes; links into b are left out")

	assert.Equal(t, before, snapshot(t, a.Dir), "the member's files are unchanged")
	assert.Equal(t, beforeB, snapshot(t, b.Dir), "the other member's files are unchanged")
	views, err := os.ReadDir(filepath.Join(filepath.Dir(filepath.Dir(a.Dir)), "views"))
	require.NoError(t, err)
	assert.Empty(t, views, "no copy is left behind")
}

func TestViewReads(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	require.NoError(t, sb.WriteFile(t.Context(), "src/main.go", []byte("package main")))
	v := sb.View()
	assert.Equal(t, "", v.Name())
	got, err := v.ReadFile(t.Context(), "src/main.go")
	require.NoError(t, err)
	assert.Equal(t, "package main", string(got))
	files, err := v.ListFiles(t.Context(), "src")
	require.NoError(t, err)
	assert.Equal(t, []string{"src/main.go"}, files)
	_, err = v.ReadFile(t.Context(), "../../x")
	assert.ErrorIs(t, err, ErrOutside)
}

func TestViewOfUnmanagedSandbox(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f.txt": "f"})
	sb := &Sandbox{name: "plain", Dir: dir}
	res, err := sb.View().Exec(context.Background(), ExecRequest{Command: []string{"sh", "-c", "cat f.txt; rm f.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "f", res.Stdout)
	assert.FileExists(t, filepath.Join(dir, "f.txt"))
}
