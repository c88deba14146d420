package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// pollEvery is how often a measured process is sampled in /proc.
const pollEvery = 5 * time.Millisecond

// clockTick is the kernel's USER_HZ, the unit of /proc/<pid>/stat times.
const clockTick = 10 * time.Millisecond

// Usage is what one run of a child process cost.
type Usage struct {
	Wall time.Duration
	// CPU is user + system time of the process and of every descendant it
	// reaped (the plugins), exact, from wait4.
	CPU time.Duration
	// HostCPU is the process's own user + system time, from its last
	// sample (at most pollEvery short).
	HostCPU time.Duration
	// HostRSS is the process's own peak resident set (VmHWM) in bytes, as
	// last sampled: VmHWM only grows, so at most the last pollEvery of
	// growth is missed. wait4's ru_maxrss cannot stand in for it: Linux
	// counts in it the parent's resident set at fork (the forked copy of
	// swarmbench the child ran exec from).
	HostRSS int64
	// PluginRSS sums the peak resident sets of its plugin processes (its
	// children whose program is named swarmhost-<kind>-<name>, and such
	// children of theirs: a pool's zygote and the workers it forks); Children
	// counts them.
	PluginRSS int64
	Children  int
	// HostAnon and PluginAnon are the same peaks of anonymous memory
	// alone (RssAnon: heap, stacks, runtime; not the mapped program
	// files), the largest value sampled for each process.
	HostAnon, PluginAnon int64
	Stdout               []byte
}

// measure runs cmd to its end and samples its memory, CPU and children.
func measure(cmd *exec.Cmd) (Usage, error) {
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Usage{}, err
	}
	s := newSampler(cmd.Process.Pid)
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(pollEvery)
		defer t.Stop()
		for {
			s.sample()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	err := cmd.Wait()
	u := Usage{Wall: time.Since(start)}
	close(done)
	<-sampled
	u.Stdout = stdout.Bytes()
	if err != nil {
		return u, fmt.Errorf("%s: %w\n%s", filepath.Base(cmd.Path), err, tail(stderr.String(), 2000))
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	u.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	u.HostCPU, u.HostRSS, u.PluginRSS, u.Children = s.hostCPU, s.hostHWM, sum(s.children), len(s.children)
	u.HostAnon, u.PluginAnon = s.hostAnon, sum(s.childAnon)
	return u, nil
}

// sampler keeps the peaks seen in /proc for one process and its children.
type sampler struct {
	pid               int
	hostHWM, hostAnon int64
	hostCPU           time.Duration
	children          map[int]int64 // pid -> peak VmHWM
	childAnon         map[int]int64 // pid -> peak RssAnon
}

func newSampler(pid int) *sampler {
	return &sampler{pid: pid, children: map[int]int64{}, childAnon: map[int]int64{}}
}

func (s *sampler) sample() {
	if m, ok := procMem(s.pid); ok {
		s.hostHWM, s.hostAnon = max(s.hostHWM, m.hwm), max(s.hostAnon, m.anon)
	}
	if cpu, ok := procCPU(s.pid); ok {
		s.hostCPU = cpu
	}
	s.samplePlugins(s.pid)
}

// samplePlugins samples pid's children that are plugins, and theirs: the
// workers a pool's zygote forks are its children, not the host's.
func (s *sampler) samplePlugins(pid int) {
	for _, c := range childPids(pid) {
		if !isPlugin(c) {
			continue // e.g. the host re-executing itself to probe the sandbox
		}
		if m, ok := procMem(c); ok {
			s.children[c], s.childAnon[c] = max(s.children[c], m.hwm), max(s.childAnon[c], m.anon)
		}
		s.samplePlugins(c)
	}
}

func sum(m map[int]int64) (n int64) {
	for _, v := range m {
		n += v
	}
	return n
}

// mem is a process's peak resident set (VmHWM) and its anonymous memory
// now (RssAnon), in bytes.
type mem struct{ hwm, anon int64 }

// procMem reads a process's memory from /proc/<pid>/status.
func procMem(pid int) (mem, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return mem{}, false
	}
	m, found := mem{hwm: -1, anon: -1}, 0
	for line := range strings.Lines(string(b)) {
		dst := &m.hwm
		rest, ok := strings.CutPrefix(line, "VmHWM:")
		if !ok {
			dst = &m.anon
			rest, ok = strings.CutPrefix(line, "RssAnon:")
		}
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return mem{}, false
		}
		*dst, found = kb<<10, found+1
	}
	return m, found == 2
}

// procCPU reads a process's own user + system time.
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// Fields after the command (which may hold spaces) start at ") ".
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+2:]))
	if len(f) < 13 {
		return 0, false
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * clockTick, err1 == nil && err2 == nil
}

// childPids lists a process's children, over all its threads.
func childPids(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// isPlugin reports whether a process runs a plugin binary (its program's
// file name, or for a script plugin the script's, starts with
// "swarmhost-"), not the sandbox init (which, like
// the host re-executing itself for it, is a few short-lived processes of
// the sandbox, not a plugin).
func isPlugin(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return false
	}
	argv0, rest, _ := bytes.Cut(b, []byte{0})
	name := filepath.Base(string(argv0))
	if !strings.HasPrefix(name, "swarmhost-") {
		// a script plugin: its launcher execs the interpreter with the
		// plugin's file as the first argument (python swarmhost-agent-inspect)
		argv1, _, _ := bytes.Cut(rest, []byte{0})
		name = filepath.Base(string(argv1))
	}
	return strings.HasPrefix(name, "swarmhost-") && name != isolate.InitProgram
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
