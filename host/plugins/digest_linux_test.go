package plugins

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

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
