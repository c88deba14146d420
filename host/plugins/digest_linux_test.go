package plugins

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestKnownDigest: a digest is remembered only for a file that had settled
// before it was hashed, and forgotten by any change to the file: a write
// in place, a replacement under the same name.
func TestKnownDigest(t *testing.T) {
	settled := func(t *testing.T) string { return settledFile(t, "first") }
	tests := []struct {
		name   string
		file   func(t *testing.T) string
		change func(t *testing.T, p string)
		known  bool
	}{
		{"settled, unchanged", settled, func(*testing.T, string) {}, true},
		{"just written", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "plugin")
			if err := os.WriteFile(p, []byte("first"), 0o755); err != nil {
				t.Fatal(err)
			}
			return p
		}, func(*testing.T, string) {}, false},
		{"written in place after the hash", settled, func(t *testing.T, p string) {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteAt([]byte("F"), 0); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}, false},
		{"replaced after the hash", settled, func(t *testing.T, p string) {
			tmp := p + ".new"
			if err := os.WriteFile(tmp, []byte("first"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, p); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := tt.file(t)
			sum, err := FileSHA256(p)
			if err != nil {
				t.Fatal(err)
			}
			tt.change(t, p)
			got, ok := knownDigest(p)
			if ok != tt.known || ok && got != sum {
				t.Fatalf("knownDigest = %q, %v; want known %v (%s)", got, ok, tt.known, sum)
			}
		})
	}
}

// settledFile writes a file with content and waits until its change time
// has settled (change times cannot be set back).
func settledFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "plugin")
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
	for time.Since(changeTime(t, p)) < digestSettle {
		time.Sleep(100 * time.Millisecond)
	}
	return p
}

// changeTime is p's change time.
func changeTime(t *testing.T, p string) time.Time {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var id fileID
	if id, _ = identify(f, time.Now()); id == (fileID{}) {
		t.Skip("the test directory is not on a local filesystem")
	}
	return time.Unix(0, id.ctime)
}
