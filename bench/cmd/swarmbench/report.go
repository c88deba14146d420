package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Report markers: -report replaces what lies between them in the file
// (BENCHMARKS.md) with this run's table, its date, commit and machine.
const (
	reportBegin = "<!-- swarmbench:begin (make bench writes this part) -->"
	reportEnd   = "<!-- swarmbench:end -->"
)

// benchRun describes one benchmark run for the report.
type benchRun struct {
	started  time.Time
	took     time.Duration
	flags    []string // swarmbench's arguments
	root     string
	loadAvg  string // before the run
	tableTxt string
}

// writeReport replaces the marked part of path with r.
func writeReport(path string, r benchRun) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(data)
	i, j := strings.Index(s, reportBegin), strings.Index(s, reportEnd)
	if i < 0 || j < i {
		return fmt.Errorf("%s: no %q … %q part to replace", path, reportBegin, reportEnd)
	}
	var b bytes.Buffer
	b.WriteString(reportBegin + "\n\n")
	fmt.Fprintf(&b, "- **When**: %s (UTC); the suite took %s.\n", r.started.UTC().Format("2 January 2006, 15:04"), dur(r.took))
	fmt.Fprintf(&b, "- **Commit**: %s.\n", commit(r.root))
	fmt.Fprintf(&b, "- **Machine**: %s; load average %s before the run.\n", machine(), r.loadAvg)
	fmt.Fprintf(&b, "- **Command**: `%s`.\n\n", command(r.flags))
	lines := strings.Split(strings.TrimRight(r.tableTxt, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	b.WriteString("```text\n" + strings.Join(lines, "\n") + "\n```\n\n")
	out := s[:i] + b.String() + s[j:]
	return os.WriteFile(path, []byte(out), 0o644)
}

// command is how the run was asked for, as make bench takes it.
func command(flags []string) string {
	var own []string
	for _, f := range flags {
		if strings.HasPrefix(f, "-report") || strings.HasPrefix(f, "-root") || strings.HasPrefix(f, "-bin") ||
			strings.HasPrefix(f, "-bench-bin") || strings.HasPrefix(f, "/") {
			continue
		}
		own = append(own, f)
	}
	if len(own) == 0 {
		return "make bench"
	}
	return fmt.Sprintf("make bench BENCHFLAGS=%q", strings.Join(own, " "))
}

// commit is the checkout's commit, and whether it had changes.
func commit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown (not a git checkout)"
	}
	c := "`" + strings.TrimSpace(string(out)) + "`"
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		c += " with uncommitted changes"
	}
	return c
}

// machine describes the CPU, cores, memory, kernel and Go version.
func machine() string {
	cpu, mem, kernel := "unknown CPU", "", ""
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kib int64
		if _, err := fmt.Sscanf(string(data), "MemTotal: %d kB", &kib); err == nil {
			mem = fmt.Sprintf(", %.0f GiB", float64(kib)/(1<<20))
		}
	}
	if data, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		kernel = ", Linux " + strings.TrimSpace(string(data))
	}
	return fmt.Sprintf("%s, %d cores%s%s, %s/%s, %s", cpu, runtime.NumCPU(), mem, kernel, runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// loadAverage is the one-minute load average, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return "unknown"
	}
	return f[0]
}
