package sandbox

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFileOps(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	require.NoError(t, sb.WriteFile(t.Context(), "deep/er/f.txt", []byte("one")))
	require.NoError(t, sb.WriteFile(t.Context(), "deep/er/f.txt", []byte("two")), "overwrites")
	require.NoError(t, sb.WriteFile(t.Context(), filepath.Join(sb.Dir, "abs.txt"), []byte("crlf\r\n")), "absolute inside is fine")
	require.NoError(t, os.Symlink("deep", filepath.Join(sb.Dir, "rel-link")))
	require.NoError(t, os.Symlink(filepath.Join(sb.Dir, "deep", "er"), filepath.Join(sb.Dir, "abs-link")))

	tests := map[string]struct {
		path, want string
	}{
		"nested":                    {path: "deep/er/f.txt", want: "two"},
		"absolute inside":           {path: filepath.Join(sb.Dir, "abs.txt"), want: "crlf\r\n"},
		"dot segments inside":       {path: "./deep/../deep/er/f.txt", want: "two"},
		"relative symlink inside":   {path: "rel-link/er/f.txt", want: "two"},
		"absolute symlink inside":   {path: "abs-link/f.txt", want: "two"},
		"dot-dot through a symlink": {path: "abs-link/../er/f.txt", want: "two"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := sb.ReadFile(t.Context(), tc.path)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
		})
	}

	all, err := sb.ListFiles(t.Context(), "")
	require.NoError(t, err)
	assert.Equal(t, []string{".swarm/notes.md", "abs-link", "abs.txt", "deep/er/f.txt", "rel-link"}, all)
	sub, err := sb.ListFiles(t.Context(), "deep")
	require.NoError(t, err)
	assert.Equal(t, []string{"deep/er/f.txt"}, sub)
	_, err = sb.ReadFile(t.Context(), "deep")
	assert.ErrorContains(t, err, "is a directory")
	_, err = sb.ReadFile(t.Context(), "nope.txt")
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestConfinement(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"secret.txt": "do not read", "dir/inner.txt": "nor this"})
	require.NoError(t, os.Symlink(outside, filepath.Join(sb.Dir, "out-dir")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(sb.Dir, "out-file")))
	require.NoError(t, os.Symlink("../../../..", filepath.Join(sb.Dir, "up")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "new.txt"), filepath.Join(sb.Dir, "dangling")))
	require.NoError(t, os.Mkdir(filepath.Join(sb.Dir, "sub"), 0o755))

	paths := map[string]string{
		"dot-dot":                       "../x.txt",
		"dot-dot after a dir":           "sub/../../x.txt",
		"absolute elsewhere":            filepath.Join(outside, "secret.txt"),
		"absolute system file":          "/etc/passwd",
		"symlinked dir outside":         "out-dir/secret.txt",
		"symlinked file outside":        "out-file",
		"relative symlink climbing out": "up/etc/passwd",
		"dangling symlink outside":      "dangling",
	}
	ops := map[string]func(path string) error{
		"read":  func(p string) error { _, err := sb.ReadFile(t.Context(), p); return err },
		"write": func(p string) error { return sb.WriteFile(t.Context(), p, []byte("pwned")) },
		"list":  func(p string) error { _, err := sb.ListFiles(t.Context(), p); return err },
	}
	for pathName, path := range paths {
		for opName, op := range ops {
			t.Run(opName+" "+pathName, func(t *testing.T) {
				t.Parallel()
				assert.ErrorIs(t, op(path), ErrOutside)
			})
		}
	}
	t.Cleanup(func() {
		assert.Equal(t, map[string]string{"secret.txt": "do not read", "dir/inner.txt": "nor this"}, snapshot(t, outside),
			"nothing outside was written")
	})
}
