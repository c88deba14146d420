package sandbox

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSampleFilesAndSetup(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	writeTree(t, base, map[string]string{"src/data.txt": "from a file", "abs.txt": "absolute source"})
	ss := newSample(t, SampleSpec{
		ID: "f", Epoch: 1, PerMember: true, Members: []string{"a", "b"}, BaseDir: base,
		Files: map[string]string{
			"literal.txt":    "just text",
			"copied.txt":     "src/data.txt",
			"abs.txt":        filepath.Join(base, "abs.txt"),
			"missing.txt":    "src/nope.txt",
			"nested/dir/b64": "data:text/plain;base64," + base64.StdEncoding.EncodeToString([]byte("decoded")),
			"pct.txt":        "data:,hello%20world",
			"not-a-url.yaml": "data: [1, 2]",
			"multi-line.txt": "src/data.txt\nsecond line",
		},
		Setup: `cat copied.txt > setup-saw.txt; echo " in $(basename "$PWD")" >> setup-saw.txt`,
	})
	want := map[string]string{
		"literal.txt":    "just text",
		"copied.txt":     "from a file",
		"abs.txt":        "absolute source",
		"missing.txt":    "src/nope.txt",
		"nested/dir/b64": "decoded",
		"pct.txt":        "hello world",
		"not-a-url.yaml": "data: [1, 2]",
		"multi-line.txt": "src/data.txt\nsecond line",
	}
	for _, name := range ss.Names() {
		sb := namedDir(t, ss, name)
		got := snapshot(t, sb.Dir)
		for path, content := range want {
			assert.Equal(t, content, got[path], "%s in %q", path, name)
		}
		assert.Equal(t, "from a file in "+filepath.Base(sb.Dir)+"\n", got["setup-saw.txt"], name)
	}
}

func TestSampleFileSourceDirectory(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(base, "dir"), 0o755))
	_, err := ResolveFiles(map[string]string{"x": "dir"}, base)
	assert.ErrorContains(t, err, "is a directory")
}

func TestDataURL(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in      string
		want    string
		isURL   bool
		wantErr string
	}{
		"base64 with type":   {in: "data:image/png;base64,aGk=", want: "hi", isURL: true},
		"percent, no type":   {in: "data:,a%2Cb", want: "a,b", isURL: true},
		"charset parameter":  {in: "data:text/plain;charset=utf-8,x", want: "x", isURL: true},
		"text starting data": {in: "data: some yaml, with comma"},
		"no comma":           {in: "data:text/plain"},
		"bad base64":         {in: "data:;base64,!!", isURL: true, wantErr: "bad base64"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, ok, err := dataURL(tc.in)
			assert.Equal(t, tc.isURL, ok || err != nil)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
		})
	}
}
