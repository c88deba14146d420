package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSampleLayout(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		perMember bool
		wantNames []string
		wantFor   map[string]string // member → sandbox name
	}{
		"shared only": {wantNames: []string{""}, wantFor: map[string]string{"alpha": "", "beta": ""}},
		"per member":  {perMember: true, wantNames: []string{"", "alpha", "beta"}, wantFor: map[string]string{"alpha": "alpha", "beta": "beta"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ss := newSample(t, SampleSpec{ID: "q1", Epoch: 2, PerMember: tc.perMember, Members: []string{"alpha", "beta"}})
			assert.Equal(t, "q1-e2", filepath.Base(filepath.Dir(ss.Shared().Dir)))
			assert.Equal(t, tc.wantNames, ss.Names())
			for member, want := range tc.wantFor {
				sb := ss.Dir(member)
				require.NotNil(t, sb, member)
				assert.Equal(t, want, sb.Name())
				assert.DirExists(t, sb.Dir)
				named, err := ss.Named(want)
				require.NoError(t, err)
				assert.Same(t, sb, named.(*Sandbox))
				assert.NoDirExists(t, ss.ScratchPath(member), "made at the member's first use")
				_, err = ss.For(member).ListFiles(context.Background(), "")
				require.NoError(t, err)
				assert.DirExists(t, ss.ScratchPath(member))
				assert.Equal(t, filepath.Join(ss.Shared().Dir, ".swarm", "scratch", member), ss.ScratchPath(member))
			}
			notes, err := os.ReadFile(ss.NotesPath())
			require.NoError(t, err)
			assert.Empty(t, notes)
			assert.Equal(t, filepath.Join(ss.Shared().Dir, ".swarm", "notes.md"), ss.NotesPath())
			if tc.perMember {
				assert.Nil(t, ss.For("gamma"))
			} else {
				assert.Same(t, ss.Shared(), ss.Dir("gamma"), "without per_member every name works in the shared sandbox")
			}
			assert.Empty(t, ss.ScratchPath("gamma"))
			_, err = ss.Named("gamma")
			assert.ErrorContains(t, err, `no sandbox named "gamma"`)
		})
	}
}

func TestSampleDirNames(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		id, want string
	}{
		"safe id kept":        {id: "task_1.a-b", want: "task_1.a-b"},
		"slashes replaced":    {id: "../etc/passwd", want: ".._etc_passwd-"},
		"empty id":            {id: "", want: "-"},
		"long id cut":         {id: string(make([]byte, 100)), want: "________________________________________________________________-"},
		"unicode id replaced": {id: "é", want: "_-"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := dirName(tc.id)
			if tc.want == tc.id {
				assert.Equal(t, tc.want, got)
				return
			}
			assert.Regexp(t, `^`+regexpQuote(tc.want)+`[0-9a-f]{8}$`, got)
		})
	}
	assert.NotEqual(t, dirName("a/b"), dirName("a_b"), "distinct ids get distinct dirs")
}

func TestSampleErrors(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		spec SampleSpec
		want string
	}{
		"invalid member name":   {spec: SampleSpec{ID: "x", Members: []string{"a/b"}}, want: `invalid member name "a/b"`},
		"dot member name":       {spec: SampleSpec{ID: "x", Members: []string{".."}}, want: `invalid member name ".."`},
		"member twice":          {spec: SampleSpec{ID: "x", Members: []string{"a", "a"}}, want: `member "a" listed twice`},
		"file outside":          {spec: SampleSpec{ID: "x", Files: map[string]string{"../up.txt": "x"}}, want: "path is outside the sandbox"},
		"absolute file outside": {spec: SampleSpec{ID: "x", Files: map[string]string{"/etc/x": "x"}}, want: "path is outside the sandbox"},
		"bad data URL":          {spec: SampleSpec{ID: "x", Files: map[string]string{"a": "data:;base64,%%%"}}, want: "bad base64"},
		"failing setup":         {spec: SampleSpec{ID: "x", Setup: "echo doomed >&2; exit 3"}, want: "setup failed in the shared sandbox (exit 3): doomed"},
		"failing member setup":  {spec: SampleSpec{ID: "x", PerMember: true, Members: []string{"m"}, Setup: `[ "$(basename "$PWD")" = shared ] || { echo no >&2; exit 1; }`}, want: "setup failed in the sandbox of m (exit 1): no"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			ss, err := NewLocal(root).Sample(context.Background(), tc.spec)
			assert.Nil(t, ss)
			require.ErrorContains(t, err, tc.want)
			entries, _ := os.ReadDir(root)
			assert.Empty(t, entries, "nothing is left behind")
		})
	}
}

func TestSampleTwiceIsAnError(t *testing.T) {
	t.Parallel()
	l := NewLocal(filepath.Join(t.TempDir(), "not", "yet"))
	ss, err := l.Sample(context.Background(), SampleSpec{ID: "a", Epoch: 1})
	require.NoError(t, err)
	defer ss.Close()
	_, err = l.Sample(context.Background(), SampleSpec{ID: "a", Epoch: 1})
	assert.ErrorIs(t, err, os.ErrExist)
	other, err := l.Sample(context.Background(), SampleSpec{ID: "a", Epoch: 2})
	require.NoError(t, err)
	assert.NoError(t, other.Close())
}

func TestClose(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	ss, err := NewLocal(root).Sample(context.Background(), SampleSpec{ID: "c", PerMember: true, Members: []string{"m"}})
	require.NoError(t, err)
	sb := ss.For("m")
	res, err := sb.Exec(context.Background(), ExecRequest{Command: []string{"sh", "-c", "mkdir -p locked/in && touch locked/in/f && chmod 0500 locked/in locked"}})
	require.NoError(t, err)
	require.Zero(t, res.ExitCode, res.Stderr)
	require.NoError(t, ss.Close())
	require.NoError(t, ss.Close(), "a second Close is fine")
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	assert.Empty(t, entries)
}
