package isolate

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

// killStrays SIGKILLs every process of the cell outside the process groups
// of the runs still going: what an ended run left behind after leaving its
// group. (A process that leaves the group of a run still going is killed
// too, by the end of any other run.) It returns once every one of them is
// dead, and reaped when it is the init's child (as an ended run's orphans
// are): the run's answer, sent next, then means nothing it left is running
// or listed, whatever the next run looks at. A stray that forks while it is
// being killed is found by the next scan. A process the kernel does not let
// die (stuck in an uninterruptible wait) is given up on after
// maxStrayScans scans, killed but perhaps not yet dead, as a single scan
// used to leave every stray.
func (c *cellInit) killStrays() {
	c.mu.Lock() // no program starts during the scan: it would look like a stray
	defer c.mu.Unlock()
	for range maxStrayScans {
		if !c.killStraysOnce() {
			return
		}
		runtime.Gosched() // let the killed die before the next look
	}
}

// maxStrayScans bounds killStrays' scans of /proc.
const maxStrayScans = 1000

// killStraysOnce is one scan of /proc: it reaps the dead strays that are
// the init's children, kills the live ones and reports whether there were
// any (another scan must then see them dead).
func (c *cellInit) killStraysOnce() bool {
	alive := false
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == 1 {
			continue
		}
		state, pgrp, ok := procState(d)
		switch {
		case !ok || c.calls[pgrp] != nil:
		case state == 'Z':
			reapPid(pid) // ours to reap, or its parent's: dead either way
		default:
			_ = syscall.Kill(pid, syscall.SIGKILL)
			alive = true
		}
	}
	return alive
}

// reapPid reaps pid if it is a dead child of the init; a process that is
// not its child is left to its parent.
func reapPid(pid int) {
	var ws syscall.WaitStatus
	for {
		if _, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); err != syscall.EINTR {
			return
		}
	}
}

// procState reads a process's state letter and group from /proc/PID/stat.
func procState(dir string) (byte, int, bool) {
	b, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return 0, 0, false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 3 || len(f[0]) != 1 {
		return 0, 0, false
	}
	pgrp, err := strconv.Atoi(f[2])
	return f[0][0], pgrp, err == nil
}
