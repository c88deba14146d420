package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// benchProfile runs the member-scale suite under profhost (swarmhost with
// pprof) and writes its CPU and allocation profiles, with `go tool pprof
// -top` summaries beside them, into the -profile directory.
func benchProfile(e *env, t *Table) {
	dir, err := filepath.Abs(e.flags.profile)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		t.Fail("profile", err)
		return
	}
	suite, err := e.writeSuite("profile", scaleSuite(true), 1)
	if err != nil {
		t.Fail("profile", err)
		return
	}
	n := e.flags.profileN
	progress("profile: N=%d under profhost", n)
	exe := filepath.Join(e.benchBin, "profhost")
	cpu, allocs, heap := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "allocs.pprof"), filepath.Join(dir, "heap.pprof")
	u, _, err := e.runHost(hostRun{exe: exe, dir: suite, args: []string{"--var", fmt.Sprintf("n=%d", n)},
		env: []string{"SWARMHOST_CPUPROFILE=" + cpu, "SWARMHOST_MEMPROFILE=" + allocs, "SWARMHOST_HEAPPROFILE=" + heap}})
	if err != nil {
		t.Fail(fmt.Sprintf("profile N=%d", n), err)
		return
	}
	for _, p := range []struct{ file, out, index string }{
		{cpu, "cpu-top.txt", "0"}, {allocs, "allocs-top.txt", "alloc_space"}, {heap, "heap-peak-top.txt", "inuse_space"},
	} {
		top, err := exec.Command("go", "tool", "pprof", "-top", "-nodecount=40", "-sample_index="+p.index, exe, p.file).CombinedOutput()
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, p.out), top, 0o644)
		}
		if err != nil {
			t.Fail("profile", fmt.Errorf("pprof %s: %w", p.file, err))
		}
	}
	t.Add(Row{Bench: "profile", Measure: fmt.Sprintf("N=%d under pprof (%s)", n, dur(u.Wall)), Ours: dir})
}
