package isolate

import (
	"context"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// newTestCell starts a cell on a fresh directory, closed at the end.
func newTestCell(t *testing.T) (*Cell, string) {
	t.Helper()
	l := Default()
	if l.Tier() != TierNamespaces {
		if os.Getenv("SWARMHOST_EXPECT_ISOLATION") != "" {
			t.Fatalf("cells need the namespaces tier: %s", l.Describe())
		}
		t.Skipf("cells need the namespaces tier: %s", l.Describe())
	}
	dir := t.TempDir()
	if err := l.Chown(dir); err != nil {
		t.Fatal(err)
	}
	c, err := l.NewCell(Spec{Dir: dir, ReadWrite: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c, dir
}

// runCell runs argv in c and returns its status and output.
func runCell(t *testing.T, c *Cell, timeout time.Duration, argv ...string) (int, bool, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(r)
		out <- string(b)
	}()
	status, timedOut, err := c.Run(context.Background(), CellRun{Path: argv[0], Args: argv,
		Env: []string{"PATH=/usr/bin:/bin"}, Stdout: w, Stderr: w}, timeout)
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	return status, timedOut, <-out
}

// TestCellRunsAndCleansUp: programs run one after another in one sandbox;
// what one started in the background (in its group or in a session of its
// own) is gone when it returns, as are its files in /tmp; a timeout kills.
func TestCellRunsAndCleansUp(t *testing.T) {
	c, dir := newTestCell(t)
	status, _, out := runCell(t, c, 0, "/bin/sh", "-c", "echo hi; echo kept > f; echo gone > /tmp/t; sleep 300 & setsid sleep 301 & exit 3")
	if status != 3 || out != "hi\n" {
		t.Fatalf("status %d, output %q", status, out)
	}
	if b, _ := os.ReadFile(dir + "/f"); string(b) != "kept\n" {
		t.Errorf("the sandbox dir keeps its files: %q", b)
	}
	_, _, out = runCell(t, c, 0, "/bin/sh", "-c", "cat /proc/[0-9]*/comm | grep -c sleep; ls /tmp | grep -vc TestCell; echo $SWARMHOST_SANDBOX $TMPDIR")
	if out != "0\n0\nnamespaces /tmp\n" {
		t.Errorf("only the init and this shell remain, /tmp is empty: %q", out)
	}
	status, timedOut, _ := runCell(t, c, 200*time.Millisecond, "/bin/sh", "-c", "sleep 300")
	if !timedOut || status != 137 {
		t.Errorf("timeout: status %d, timed out %v", status, timedOut)
	}
	status, _, out = runCell(t, c, 0, "/bin/sh", "-c", "kill -TERM $$")
	if status != 143 || strings.TrimSpace(out) != "" {
		t.Errorf("killed by a signal: status %d, output %q", status, out)
	}
	if b, _ := os.ReadFile(dir + "/f"); string(b) != "kept\n" {
		t.Errorf("emptying /tmp left the bound sandbox dir alone: %q", b)
	}
}

// TestCellConcurrentRuns: runs overlap in one cell, each killed with its
// group alone; a stray left by an ended run dies, a running one's
// background work does not.
func TestCellConcurrentRuns(t *testing.T) {
	c, _ := newTestCell(t)
	done := make(chan string, 1)
	go func() {
		_, _, out := runCell(t, c, 0, "/bin/sh", "-c", "sleep 309 & sleep 0.5; cat /proc/[0-9]*/comm | grep -c sleep")
		done <- out
	}()
	status, timedOut, _ := runCell(t, c, 100*time.Millisecond, "/bin/sh", "-c", "setsid sleep 310 & sleep 311")
	if !timedOut || status != 137 {
		t.Errorf("timeout: status %d, timed out %v", status, timedOut)
	}
	// The long run still has its background sleep 309; the killed run's
	// sleep 311 and its setsid stray 310 are gone.
	if out := <-done; out != "1\n" {
		t.Errorf("sleeps seen by the long run: %q", out)
	}
}

// TestCellAggregateLimit: the sandbox's process total holds in a cell too,
// and the cell serves the next run after killing the one over it.
func TestCellAggregateLimit(t *testing.T) {
	l := Default()
	if l.Tier() != TierNamespaces {
		t.Skipf("cells need the namespaces tier: %s", l.Describe())
	}
	dir := t.TempDir()
	if err := l.Chown(dir); err != nil {
		t.Fatal(err)
	}
	c, err := l.NewCell(Spec{Dir: dir, ReadWrite: []string{dir}, Limits: Limits{Processes: 32}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	status, _, out := runCell(t, c, time.Minute, "/bin/sh", "-c", "for i in $(seq 60); do sleep 30 & done; wait")
	if status == 0 {
		t.Fatalf("60 sleeps ran under a limit of 32: %q", out)
	}
	if !regexp.MustCompile(`processes and threads at once, over the sandbox's limit of 32|fork|Resource temporarily unavailable`).MatchString(out) {
		t.Errorf("no word of the limit: %q", out)
	}
	if status, _, out := runCell(t, c, 0, "/bin/sh", "-c", "echo still here"); status != 0 || out != "still here\n" {
		t.Errorf("the next run: status %d, output %q", status, out)
	}
}
