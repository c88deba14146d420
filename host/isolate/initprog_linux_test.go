package isolate

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

// buildInitProgram builds cmd/swarmhost-sandbox into a fresh directory.
func buildInitProgram(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, InitProgram)
	cmd := exec.Command("go", "build", "-o", out, "./cmd/swarmhost-sandbox")
	cmd.Dir, cmd.Env = root, append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return out
}

// TestChooseInit: the init program beside the host is used only when it is
// an executable regular file that no one else may write and that answers
// with the launcher's protocol; anything else falls back to the host.
func TestChooseInit(t *testing.T) {
	built := buildInitProgram(t)
	copyTo := func(t *testing.T, mode os.FileMode) string {
		dir := t.TempDir()
		_ = os.Chmod(dir, 0o755)
		b, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, InitProgram)
		if err := os.WriteFile(p, b, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		path func(t *testing.T) string
		ok   bool
	}{
		{"the built init", func(*testing.T) string { return built }, true},
		{"none beside the host", func(*testing.T) string { return "" }, false},
		{"missing", func(t *testing.T) string { return filepath.Join(t.TempDir(), InitProgram) }, false},
		{"world-writable", func(t *testing.T) string { return copyTo(t, 0o757) }, false},
		{"not executable", func(t *testing.T) string { return copyTo(t, 0o644) }, false},
		{"in a world-writable directory", func(t *testing.T) string {
			p := copyTo(t, 0o755)
			if err := os.Chmod(filepath.Dir(p), 0o777); err != nil {
				t.Fatal(err)
			}
			return p
		}, false},
		{"a program that only exits 0", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), InitProgram)
			_ = os.Chmod(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			return p
		}, false},
		{"a symlink to the init", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), InitProgram)
			_ = os.Chmod(filepath.Dir(p), 0o755)
			if err := os.Symlink(built, p); err != nil {
				t.Fatal(err)
			}
			return p
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.path(t)
			got := chooseInit(p)
			if want := map[bool]string{true: p, false: selfExe}[tt.ok]; got != want {
				t.Fatalf("chooseInit(%q) = %q, want %q (usable: %v, check: %v)", p, got, want, usableInit(p), checkInit(p))
			}
		})
	}
}

// TestCellUnderInitProgram: a cell started from the init program behaves
// as one started from the re-executed test binary: it runs programs and
// nothing they started outlives them.
func TestCellUnderInitProgram(t *testing.T) {
	built := buildInitProgram(t)
	saved := initPath
	initPath = func() string { return built }
	t.Cleanup(func() { initPath = saved })
	c, _ := newTestCell(t)
	if status, _, out := runCell(t, c, 0, "/bin/sh", "-c", "sleep 60 & echo started; cat /proc/1/cmdline | tr '\\0' ' '"); status != 0 ||
		!regexp.MustCompile(`^started\n`+regexp.QuoteMeta(built)+" ").MatchString(out) {
		t.Fatalf("status %d, output %q: want the cell's init to be %s", status, out, built)
	}
	status, _, out := runCell(t, c, 0, "/bin/sh", "-c", "cat /proc/[0-9]*/cmdline | tr '\\0' ' '")
	if status != 0 || !regexp.MustCompile(`/bin/sh -c cat`).MatchString(out) || regexp.MustCompile(`sleep 60`).MatchString(out) {
		t.Fatalf("status %d, output %q: the background sleep outlived its call", status, out)
	}
}
