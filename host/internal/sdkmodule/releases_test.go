package sdkmodule

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadReleases: the releases file is "vX.Y.Z COMMIT" lines, oldest
// first; anything else is refused with its file and line.
func TestReadReleases(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		text string
		want []Release
		err  string
	}{
		"two releases, comments and blank lines": {text: "# c\n\nv0.1.0 abcdef1\nv0.2.0 1234567\n",
			want: []Release{{"v0.1.0", "abcdef1"}, {"v0.2.0", "1234567"}}},
		"not semver":        {text: "0.1.0 abcdef1\n", err: `sdk-releases.txt:1: want "vX.Y.Z COMMIT", got "0.1.0 abcdef1"`},
		"not canonical":     {text: "v0.1 abcdef1\n", err: `sdk-releases.txt:1: want "vX.Y.Z COMMIT"`},
		"no commit":         {text: "v0.1.0\n", err: `sdk-releases.txt:1: want "vX.Y.Z COMMIT"`},
		"newest first":      {text: "v0.2.0 abcdef1\nv0.1.0 1234567\n", err: "sdk-releases.txt:2: v0.1.0 is not newer than v0.2.0"},
		"one version twice": {text: "v0.2.0 abcdef1\nv0.2.0 1234567\n", err: "v0.2.0 is not newer than v0.2.0"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			writeFile(t, filepath.Join(root, ReleasesFile), tc.text)
			got, err := ReadReleases(root)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil || len(got) != len(tc.want) || got[0] != tc.want[0] || got[1] != tc.want[1] {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

// TestWriteReleasesRefusesAMovedTag: a release whose tag points elsewhere
// than its listed commit is refused, naming both; an unknown commit is
// refused with the shallow clone's fix.
func TestWriteReleasesRefusesAMovedTag(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	gitIn(t, root, "init", "-q")
	writeFile(t, filepath.Join(root, "sdk", "go.mod"), "module "+Path+"\n\ngo 1.26\n")
	gitIn(t, root, "add", ".")
	gitIn(t, root, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "one")
	first := strings.TrimSpace(gitIn(t, root, "rev-parse", "HEAD"))
	gitIn(t, root, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "two")
	gitIn(t, root, "tag", "sdk/v0.1.0", "HEAD")

	err := WriteReleases(t.TempDir(), root, []Release{{"v0.1.0", first}})
	if err == nil || !strings.Contains(err.Error(), "tag sdk/v0.1.0 is at") || !strings.Contains(err.Error(), "lists v0.1.0 at "+first) {
		t.Errorf("a moved tag: %v", err)
	}
	err = WriteReleases(t.TempDir(), root, []Release{{"v0.1.0", strings.Repeat("a", 40)}})
	if err == nil || !strings.Contains(err.Error(), "git fetch --unshallow") {
		t.Errorf("an unknown commit: %v", err)
	}
	gitIn(t, root, "tag", "-d", "sdk/v0.1.0")
	proxy := t.TempDir()
	if err := WriteReleases(proxy, root, []Release{{"v0.1.0", first}}); err != nil {
		t.Fatal(err)
	}
	if list, _ := os.ReadFile(filepath.Join(versionDir(proxy), "list")); string(list) != "v0.1.0\n" {
		t.Errorf("list %q", list)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}
