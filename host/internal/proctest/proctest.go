// Package proctest finds processes on the host through /proc, for the tests
// that check what a run, a sandbox or a plugin left running (host/sandbox,
// host/isolate, host/plugins). Linux only; elsewhere nothing is found.
package proctest

import (
	"os"
	"strconv"
	"strings"
)

// Alive reports whether pid is a live process: a zombie, waiting for its
// parent to reap it, counts as dead.
func Alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err == nil && !Zombie(string(stat))
}

// Zombie reports whether a /proc/PID/stat line is a dead process's (state Z
// or X), or is no stat line at all.
func Zombie(stat string) bool {
	f := strings.Fields(stat[strings.LastIndexByte(stat, ')')+1:])
	return len(f) == 0 || f[0] == "Z" || f[0] == "X"
}

// Sleepers lists the live processes on the whole host whose last argument
// is marker: a test's `sleep MARKER`, found whatever pid namespace it runs
// in (pids inside a sandbox mean nothing on the host).
func Sleepers(marker string) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if strings.HasSuffix(string(cmdline), "\x00"+marker+"\x00") && Alive(pid) {
			out = append(out, pid)
		}
	}
	return out
}
