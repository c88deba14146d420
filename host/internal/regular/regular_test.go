package regular

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenRefusesWhatIsNotARegularFile: a FIFO (with no writer, whose
// blocking open would never return), a directory, a socket and a device
// are refused without blocking; a regular file and a link to one open.
func TestOpenRefusesWhatIsNotARegularFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	fileLink := filepath.Join(dir, "file-link")
	if err := os.Symlink(file, fileLink); err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		path string
		kind string // "" opens
	}{
		"regular file":        {path: file},
		"link to a file":      {path: fileLink},
		"FIFO with no writer": {path: fifo, kind: "named pipe"},
		"link to a FIFO":      {path: link, kind: "named pipe"},
		"directory":           {path: dir, kind: "directory"},
		"character device":    {path: "/dev/null", kind: "character device"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, err := Open(tt.path)
			if tt.kind == "" {
				if err != nil {
					t.Fatal(err)
				}
				f.Close()
				return
			}
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), tt.kind) {
				t.Fatalf("Open(%s) = %v; want a NotRegularError naming a %s", tt.path, err, tt.kind)
			}
		})
	}
}

// TestReadFileIsBounded: a file longer than the limit is refused.
func TestReadFileIsBounded(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(p, 4); err == nil {
		t.Fatal("a 5-byte file was read with a limit of 4")
	}
	if data, err := ReadFile(p, 5); err != nil || string(data) != "12345" {
		t.Fatalf("ReadFile = %q, %v", data, err)
	}
}
