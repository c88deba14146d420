// Command profhost is swarmhost with pprof profiles: the same CLI
// (host/cli.Main), with a CPU profile written to $SWARMHOST_CPUPROFILE and
// an allocation profile to $SWARMHOST_MEMPROFILE, and an in-use heap profile
// near the heap's peak to $SWARMHOST_HEAPPROFILE, and an execution trace
// (runtime/trace) to $SWARMHOST_TRACE when they are set. The
// benchmark uses it to profile the member-scale run (see BENCHMARKS.md);
// timings always come from the real swarmhost binary.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/gcfloor"
	"github.com/swarmhost/swarmhost/host/isolate"
)

func main() {
	isolate.MaybeRunInit()
	gcfloor.Start(gcfloor.HostFloor) // profile what swarmhost runs
	stop := startCPU(os.Getenv("SWARMHOST_CPUPROFILE"))
	stopTrace := startTrace(os.Getenv("SWARMHOST_TRACE"))
	watchPeak(os.Getenv("SWARMHOST_HEAPPROFILE"))
	code := cli.Main(os.Args[1:])
	stopTrace()
	stop()
	writeAllocs(os.Getenv("SWARMHOST_MEMPROFILE"))
	os.Exit(code)
}

// startCPU starts a CPU profile into path ("" profiles nothing) and
// returns the function that stops it.
func startCPU(path string) func() {
	return startInto(path, pprof.StartCPUProfile, pprof.StopCPUProfile)
}

// startTrace starts an execution trace into path ("" traces nothing) and
// returns the function that stops it.
func startTrace(path string) func() { return startInto(path, trace.Start, trace.Stop) }

// startInto creates path, starts a recording into it and returns the
// function that stops the recording and closes the file; "" records
// nothing, and a failure is reported and records nothing.
func startInto(path string, start func(io.Writer) error, stop func()) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "profhost:", err)
		return func() {}
	}
	if err := start(f); err != nil {
		fmt.Fprintln(os.Stderr, "profhost:", err)
		_ = f.Close()
		return func() {}
	}
	return func() {
		stop()
		_ = f.Close()
	}
}

// writeAllocs writes the allocation profile (every allocation since the
// start, sampled) into path; "" writes nothing.
func writeAllocs(path string) {
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "profhost:", err)
		return
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, "profhost:", err)
	}
}
