// Package gcfloor is the host's garbage-collection policy: no collection
// until the heap reaches a floor, then the Go runtime's default (GOGC=100).
// A short run — a suite of a few samples — then spends no CPU on collecting a
// heap of a few megabytes over and over; a large one collects exactly as it
// would without the policy, because once the live heap is half the floor the
// goal GOGC=100 sets (twice the live heap) is above the floor anyway. The
// swarmhost command starts it first thing in main (cmd/swarmhost); plugins do
// not use it (BENCHMARKS.md, "GC policy (gc16)": they collect a few times a
// run and gained nothing measurable).
//
// The runtime has no minimum-heap setting (golang/go#23044); the policy sets
// GOGC per cycle instead. After each collection (a sentinel object's cleanup
// runs once per cycle and re-arms itself) it reads the live heap L the cycle
// marked and sets GOGC so that the next goal, L×(1+GOGC/100), is the floor:
// GOGC = 100×(floor−L)/L, never below 100, and never above the value whose heap
// minimum (4 MiB×GOGC/100, the runtime's own floor) is the floor. Before the
// first cycle it is that maximum, so the first collection comes at the floor.
//
// A user's GOGC or GOMEMLIMIT in the environment turns the policy off: the
// process then runs exactly as the runtime's settings say.
package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// HostFloor is the floor the swarmhost command runs with, in bytes.
const HostFloor = 48 << 20

// runtimeMinimum is the Go runtime's heap minimum at GOGC=100
// (defaultHeapMinimum in runtime/mgcpacer.go): at GOGC=P no goal is below
// runtimeMinimum×P/100.
const runtimeMinimum = 4 << 20

// defaultPercent is the GOGC the policy falls back to above the floor.
const defaultPercent = 100

// liveMetric is the runtime/metrics name of the heap the last cycle marked.
const liveMetric = "/gc/heap/live:bytes"

var (
	startOnce sync.Once
	started   bool
)

// Start applies the policy with the given floor in bytes, once per process,
// and reports whether it is on: false when the environment sets GOGC or
// GOMEMLIMIT (left alone), or floor is not above the runtime's own minimum.
// Later calls return the first call's answer and change nothing.
func Start(floor uint64) bool {
	startOnce.Do(func() {
		if userTuned() || floor <= runtimeMinimum {
			return
		}
		p := &policy{floor: floor, set: debug.SetGCPercent}
		p.apply(0)
		p.arm()
		started = true
	})
	return started
}

// userTuned reports whether the environment names a GC setting of its own.
func userTuned() bool {
	return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
}

// policy holds the floor and the GOGC last set.
type policy struct {
	floor   uint64
	percent int
	set     func(int) int // debug.SetGCPercent; a fake in tests
}

// apply sets GOGC for a live heap of live bytes, if it changed.
func (p *policy) apply(live uint64) {
	if pc := percentFor(p.floor, live); pc != p.percent {
		p.set(pc)
		p.percent = pc
	}
}

// percentFor is the GOGC whose next goal is floor for a live heap of live
// bytes: between defaultPercent and the value whose heap minimum is floor.
func percentFor(floor, live uint64) int {
	most := int(floor * defaultPercent / runtimeMinimum)
	switch {
	case live == 0:
		return most
	case live >= floor:
		return defaultPercent
	}
	pc := int((floor - live) * defaultPercent / live)
	return max(defaultPercent, min(pc, most))
}

// sentinel is allocated after every cycle and unreachable at once; its
// cleanup runs when the next cycle has collected it. It holds a pointer so
// the runtime does not batch it with other tiny objects.
type sentinel struct{ _ *byte }

// arm allocates a sentinel whose cleanup applies the live heap and re-arms.
func (p *policy) arm() {
	runtime.AddCleanup(&sentinel{}, func(p *policy) {
		p.apply(liveHeap())
		p.arm()
	}, p)
}

// liveHeap reads the heap the last collection marked live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: liveMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
