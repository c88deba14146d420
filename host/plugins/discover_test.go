package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFile writes a fake plugin (never executed) and returns its path.
func writeFile(t *testing.T, dir, name, content string, mode os.FileMode) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(content), mode))
	return path
}

func digest(content string) string {
	sum := sha256.Sum256([]byte(content))
	return hex.EncodeToString(sum[:])
}

func TestParseBinaryName(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		file, kind, name string
		ok               bool
	}{
		"scorer":            {file: "swarmhost-scorer-match", kind: "scorer", name: "match", ok: true},
		"name with dashes":  {file: "swarmhost-agent-my-react_2", kind: "agent", name: "my-react_2", ok: true},
		"controller":        {file: "swarmhost-controller-vote", kind: "controller", name: "vote", ok: true},
		"unknown kind":      {file: "swarmhost-widget-foo"},
		"no name":           {file: "swarmhost-agent-"},
		"uppercase name":    {file: "swarmhost-agent-React"},
		"side file":         {file: "swarmhost-scorer-good.starts"},
		"other program":     {file: "swarmhost"},
		"other prefix":      {file: "terraform-provider-aws"},
		"name starts digit": {file: "swarmhost-agent-1x"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			kind, pname, ok := ParseBinaryName(tt.file)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.kind, kind)
			assert.Equal(t, tt.name, pname)
		})
	}
}

func TestSearchDirs(t *testing.T) { // not parallel: t.Setenv
	exe, err := os.Executable()
	require.NoError(t, err)
	cwd, err := os.Getwd()
	require.NoError(t, err)
	exeDir := filepath.Dir(exe)
	tests := map[string]struct {
		env, suite string
		want       []string
	}{
		"env then suite then executable": {env: "/opt/a:/opt/b", suite: "/suite",
			want: []string{"/opt/a", "/opt/b", "/suite/plugins", exeDir}},
		"empty entries and repeats dropped, relative made absolute": {env: "/opt/a::rel:/opt/a", suite: "/suite",
			want: []string{"/opt/a", filepath.Join(cwd, "rel"), "/suite/plugins", exeDir}},
		"no env, no suite": {want: []string{exeDir}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Setenv(PathEnv, tt.env)
			assert.Equal(t, tt.want, SearchDirs(tt.suite))
		})
	}
}

func TestDiscover(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	a, b, c := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c")
	inA := writeFile(t, a, "swarmhost-scorer-match", "match in a", 0o755)
	writeFile(t, b, "swarmhost-scorer-match", "match in b", 0o755)
	inC := writeFile(t, c, "swarmhost-agent-react", "react in c", 0o755)
	writeFile(t, a, "swarmhost-controller-vote", "not executable", 0o644)
	inB := writeFile(t, b, "swarmhost-controller-vote", "vote in b", 0o755)
	writeFile(t, a, "swarmhost-agent-lazy", "not executable", 0o644)
	pinned := writeFile(t, filepath.Join(root, "elsewhere"), "my-match", "pinned match", 0o755)
	dirs := []string{a, b, c}

	tests := map[string]struct {
		kind, name string
		pins       []Pin
		want       Binary
	}{
		"first dir wins": {kind: "scorer", name: "match",
			want: Binary{Kind: "scorer", Name: "match", Path: inA, SHA256: digest("match in a")}},
		"found in a later dir": {kind: "agent", name: "react",
			want: Binary{Kind: "agent", Name: "react", Path: inC, SHA256: digest("react in c")}},
		"non-executable skipped": {kind: "controller", name: "vote",
			want: Binary{Kind: "controller", Name: "vote", Path: inB, SHA256: digest("vote in b")}},
		"pin wins over discovery": {kind: "scorer", name: "match",
			pins: []Pin{{Kind: "scorer", Name: "match", Source: pinned, SHA256: digest("pinned match")}},
			want: Binary{Kind: "scorer", Name: "match", Path: pinned, SHA256: digest("pinned match"), Pinned: true}},
		"pin for another kind ignored": {kind: "scorer", name: "match",
			pins: []Pin{{Kind: "agent", Name: "match", Source: pinned}},
			want: Binary{Kind: "scorer", Name: "match", Path: inA, SHA256: digest("match in a")}},
		"pin without source keeps discovery": {kind: "agent", name: "react",
			pins: []Pin{{Kind: "agent", Name: "react", SHA256: strings.ToUpper(digest("react in c")), Trust: Untrusted}},
			want: Binary{Kind: "agent", Name: "react", Path: inC, SHA256: digest("react in c"), Trust: Untrusted}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := Discover(tt.kind, tt.name, tt.pins, dirs)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDiscoverErrors(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	inA := writeFile(t, a, "swarmhost-scorer-match", "match in a", 0o755)
	writeFile(t, b, "swarmhost-agent-lazy", "not executable", 0o644)
	dirs := []string{a, b}
	wrong := strings.Repeat("ab", 32)

	tests := map[string]struct {
		kind, name string
		pins       []Pin
		contains   []string
		check      func(t *testing.T, err error)
	}{
		"missing lists every dir in order": {kind: "agent", name: "react",
			contains: []string{`no agent plugin "react"`, "swarmhost-agent-react in " + a + ", " + b, PathEnv, `plugin "agent" "react"`}},
		"only a non-executable": {kind: "agent", name: "lazy",
			contains: []string{"skipped " + filepath.Join(b, "swarmhost-agent-lazy") + " is not executable"},
			check: func(t *testing.T, err error) {
				var nf *NotFoundError
				require.ErrorAs(t, err, &nf)
				assert.Equal(t, dirs, nf.Dirs)
			}},
		"checksum mismatch refused": {kind: "scorer", name: "match",
			pins:     []Pin{{Kind: "scorer", Name: "match", SHA256: wrong}},
			contains: []string{`refusing to run scorer plugin "match"`, inA, wrong, digest("match in a")},
			check: func(t *testing.T, err error) {
				var ce *ChecksumError
				require.ErrorAs(t, err, &ce)
				assert.Equal(t, ChecksumError{Kind: "scorer", Name: "match", Path: inA, Expected: wrong, Actual: digest("match in a")}, *ce)
			}},
		"pinned source missing": {kind: "scorer", name: "match",
			pins:     []Pin{{Kind: "scorer", Name: "match", Source: filepath.Join(root, "nope")}},
			contains: []string{`scorer plugin "match" is pinned to ` + filepath.Join(root, "nope") + ", which does not exist"}},
		"a typo gets a suggestion of the same kind": {kind: "scorer", name: "mtach",
			contains: []string{`no scorer plugin "mtach"`, `Did you mean "match"?`}},
		"no suggestion across kinds": {kind: "agent", name: "mtach",
			check: func(t *testing.T, err error) { assert.NotContains(t, err.Error(), "Did you mean") }},
		"unknown kind": {kind: "widget", name: "x", contains: []string{`unknown plugin kind "widget"`}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Discover(tt.kind, tt.name, tt.pins, dirs)
			require.Error(t, err)
			for _, s := range tt.contains {
				assert.Contains(t, err.Error(), s)
			}
			if tt.check != nil {
				tt.check(t, err)
			}
		})
	}
}

func TestList(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	inA := writeFile(t, a, "swarmhost-scorer-match", "match in a", 0o755)
	writeFile(t, b, "swarmhost-scorer-match", "match in b", 0o755)
	inB := writeFile(t, b, "swarmhost-agent-react", "react in b", 0o755)
	writeFile(t, a, "swarmhost-controller-vote", "not executable", 0o644)
	writeFile(t, a, "swarmhost-widget-foo", "bad kind", 0o755)
	writeFile(t, a, "swarmhost-scorer-match.sha256", "side file", 0o755)
	writeFile(t, b, "README", "docs", 0o644)
	require.NoError(t, os.Mkdir(filepath.Join(b, "swarmhost-agent-dir"), 0o755))

	got, err := List([]string{a, filepath.Join(root, "missing"), b})
	require.NoError(t, err)
	assert.Equal(t, []Binary{
		{Kind: "agent", Name: "react", Path: inB, SHA256: digest("react in b")},
		{Kind: "scorer", Name: "match", Path: inA, SHA256: digest("match in a")},
	}, got)
}

func TestListReportsUnreadableDirs(t *testing.T) {
	t.Parallel()
	notDir := writeFile(t, t.TempDir(), "file", "x", 0o644)
	got, err := List([]string{notDir})
	assert.Empty(t, got)
	require.Error(t, err)
	assert.False(t, errors.Is(err, os.ErrNotExist))
}
