package isolate

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// Aggregate bounds. cgroup controllers are not available everywhere (not
// on the machines this was built on), so the init enforces a sandbox's
// totals itself, by accounting: every [watchEvery] it adds up what all the
// sandbox's processes hold — the anonymous and mapped shared memory
// (RssAnon, RssShmem) and the tasks
// of every process in the sandbox's pid namespace (TierNamespaces) or
// process group (TierLandlock); past a limit it SIGKILLs everything in the
// sandbox and says why on stderr. A burst between two checks can overshoot
// a total briefly; each process stays bounded by its rlimits meanwhile.
// Disk: the tmpfs mounts (/tmp, a plugin's work directory) are capped by
// their size, and [DiskUsage] lets the host bound what a command writes to
// the host directories it may write.
const watchEvery = 50 * time.Millisecond

// watchEveryHost is the interval under TierLandlock, where the init scans
// the host's whole /proc to find its process group.
const watchEveryHost = 250 * time.Millisecond

// totals are what the sandbox's processes hold at one check.
type totals struct {
	memory, tasks int64
}

// overLimit is why the watchdog killed the sandbox, "" while it has not.
var overLimit atomic.Value

// watchdog enforces p's aggregate limits until the init exits.
func watchdog(p policy) {
	self := os.Getpid()
	pgrp := syscall.Getpgrp()
	every := watchEvery
	if p.Tier != TierNamespaces {
		every = watchEveryHost
	}
	for range time.Tick(every) {
		t := sandboxTotals(p.Tier, self, pgrp)
		why := ""
		switch {
		case t.memory > p.Limits.TotalMemoryBytes:
			why = fmt.Sprintf("its processes held %s of memory in all, over the sandbox's limit of %s",
				BytesText(t.memory), BytesText(p.Limits.TotalMemoryBytes))
		case t.tasks > p.Limits.Processes:
			why = fmt.Sprintf("it ran %d processes and threads at once, over the sandbox's limit of %d",
				t.tasks, p.Limits.Processes)
		}
		if why != "" {
			overLimit.Store(why)
			fmt.Fprintf(os.Stderr, "swarmhost sandbox: %s: killing everything in it\n", why)
			killSandbox(p.Tier, pgrp)
			return
		}
	}
}

// killSandbox SIGKILLs every process of the sandbox: from pid 1 of its pid
// namespace, kill(-1) reaches all of them but the init; under TierLandlock
// the process group holds them all (the init too).
func killSandbox(tier Tier, pgrp int) {
	if tier == TierNamespaces {
		_ = syscall.Kill(-1, syscall.SIGKILL)
		return
	}
	_ = syscall.Kill(-pgrp, syscall.SIGKILL)
}

// sandboxTotals adds up the memory and tasks of the sandbox's processes
// (the init's own excluded).
func sandboxTotals(tier Tier, self, pgrp int) totals {
	var t totals
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		status, err := os.ReadFile("/proc/" + e.Name() + "/status")
		if err != nil {
			continue // gone meanwhile
		}
		if tier != TierNamespaces && statusField(status, "NSpgid:") != int64(pgrp) {
			continue
		}
		t.memory += (statusField(status, "RssAnon:") + statusField(status, "RssShmem:")) << 10
		t.tasks += statusField(status, "Threads:")
	}
	return t
}

// statusField reads the first number of a /proc/<pid>/status line (kB for
// sizes); 0 when absent.
func statusField(status []byte, key string) int64 {
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		if rest, ok := bytes.CutPrefix(sc.Bytes(), []byte(key)); ok {
			f := bytes.Fields(rest)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(string(f[0]), 10, 64)
				return n
			}
		}
	}
	return 0
}

// DiskUsage is the space the regular files under dirs occupy (links not
// followed, other file systems not entered, unreadable directories
// skipped).
func DiskUsage(dirs []string) int64 {
	var total int64
	for _, dir := range dirs {
		var root syscall.Stat_t
		if syscall.Lstat(dir, &root) != nil {
			continue
		}
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			var st syscall.Stat_t
			if syscall.Lstat(path, &st) != nil {
				return nil
			}
			if d.IsDir() && st.Dev != root.Dev {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() {
				total += st.Blocks * 512
			}
			return nil
		})
	}
	return total
}

// BytesText prints a size in MiB or GiB.
func BytesText(n int64) string {
	if n >= 1<<30 {
		return strconv.FormatFloat(float64(n)/(1<<30), 'f', 2, 64) + " GiB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}
