package plugins

import (
	"fmt"
	"runtime"
	"strconv"
	"sync"
)

// A binary may run as a pool of worker processes, each serving many
// members: a plugin whose work is bound to one core per process (a Python
// plugin, whose interpreter runs one thread at a time) then uses every core
// (BENCHMARKS.md, "Inspect agents across cores"). The pool is the host's:
// the plugin is the same binary, started several times, and knows nothing
// of it. Worker 0 is the binary's shared process (Instance ""), which also
// answers Metadata and ValidateConfig; worker i > 0 is Instance "worker:i".
// Each is an ordinary process of the Manager: started, verified, sandboxed,
// relaunched after a crash and stopped like any other.

// MaxDefaultWorkers caps the default pool of a Python plugin: one worker
// per core, at most this many (each holds its own interpreter and imports;
// a plugin block's workers asks for more).
const MaxDefaultWorkers = 8

// Workers is how many worker processes b's binary runs: b.Workers when the
// suite's plugin block sets it; otherwise, for a Python plugin, one per core
// the host may use (runtime.GOMAXPROCS, which follows the CPU affinity and
// any cgroup CPU limit), at most [MaxDefaultWorkers]; otherwise 1 (a Go
// plugin serves its members on every core from one process). A member with
// isolation = "member" has a process of its own ([Binary.Instance]) and no
// pool.
func Workers(b Binary) int {
	switch {
	case b.Instance != "":
		return 1
	case b.Workers > 0:
		return b.Workers
	case isPython(b.Path):
		return min(runtime.GOMAXPROCS(0), MaxDefaultWorkers)
	}
	return 1
}

// Worker is b's worker process i of its pool (0 is b's shared process).
func Worker(b Binary, i int) Binary {
	if i == 0 {
		return b
	}
	b.Instance = workerInstance + strconv.Itoa(i)
	return b
}

// workerInstance prefixes the Instance of a pool's workers past the first.
const workerInstance = "worker:"

// Placements: where a pool puts the members of one sample (a plugin
// block's `placement`).
const (
	// PlacementMember leases each member the worker holding the fewest
	// units, so one sample's members spread over every worker.
	PlacementMember = "member"
	// PlacementSample (the default) keeps the members of one sample (id
	// and epoch) in one worker while any of them runs, so they share
	// whatever the plugin keeps per process (Inspect's store(), for the
	// inspect agent, as under Inspect Swarm); the samples spread over the
	// workers.
	PlacementSample = "sample"
)

// Lease is one unit of work's hold on a worker of a pool: a member's run,
// a score. [Manager.Lease] hands it out; Release gives it back.
type Lease struct {
	// Binary names the worker's process: pass it to [Manager.Start],
	// [Manager.Agent] or [Manager.Scorer] for the unit's calls.
	Binary Binary
	// Worker is the worker's index in its pool.
	Worker  int
	release func()
	once    sync.Once
}

// Release gives the worker back; calling it again does nothing.
func (l *Lease) Release() {
	if l.release != nil {
		l.once.Do(l.release)
	}
}

// pool counts the units each worker of one binary holds, and which worker
// holds each key's units.
type pool struct {
	held []int
	keys map[string]*keyed
}

// keyed is the worker a key's units are in, and how many it holds.
type keyed struct{ worker, units int }

// Lease picks the worker of b's pool for one unit of work and holds it
// until the lease is released. A unit with a key (a sample's, under
// [PlacementSample]) goes to the worker already holding units of that key,
// if any; otherwise to the worker holding the fewest units, so units
// spread evenly over every worker (among equals, one whose process is up
// before one still starting, then the lowest index). The first lease
// starts every worker not yet started (without waiting for them) and a
// worker that crashed is relaunched; a unit leased to a worker still
// starting waits for it in the caller's Start, while the other workers
// run theirs. A worker that failed to start is passed over while another
// can serve. A binary with one worker gets b itself.
func (m *Manager) Lease(b Binary, key string) (*Lease, error) {
	n := Workers(b)
	if n == 1 {
		return &Lease{Binary: b}, nil
	}
	if err := startable(b, m.opts); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, fmt.Errorf("start %s: the plugin manager is closed", b)
	}
	pl := m.poolLocked(b, n)
	i := m.placeLocked(b, pl, key)
	pl.held[i]++
	return &Lease{Binary: Worker(b, i), Worker: i, release: func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		pl.held[i]--
		if k := pl.keys[key]; key != "" && k != nil {
			if k.units--; k.units == 0 {
				delete(pl.keys, key)
			}
		}
	}}, nil
}

// placeLocked chooses the worker of a unit with key ("" for none).
func (m *Manager) placeLocked(b Binary, pl *pool, key string) int {
	if key == "" {
		return m.pickLocked(b, pl)
	}
	k := pl.keys[key]
	if k != nil {
		if _, failed := processState(m.procs[processKey(Worker(b, k.worker))]); !failed {
			k.units++
			return k.worker
		}
	}
	k = &keyed{worker: m.pickLocked(b, pl), units: 1}
	pl.keys[key] = k
	return k.worker
}

// WarmPool starts every worker of b's pool that is not running yet and
// returns at once: the catalog calls it when a suite is loaded, so the
// workers start (a Python plugin importing its libraries) while the suite
// is decoded and the dataset read, not when the first member runs.
func (m *Manager) WarmPool(b Binary) {
	if err := startable(b, m.opts); err != nil {
		return // Start reports it
	}
	n := Workers(b)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	for i := range n {
		m.processLocked(Worker(b, i))
	}
}

// poolLocked returns b's pool of n workers, made on first use, with every
// worker's process started (or relaunched after a crash).
func (m *Manager) poolLocked(b Binary, n int) *pool {
	key := processKey(b)
	pl := m.pools[key]
	if pl == nil {
		pl = &pool{held: make([]int, n), keys: map[string]*keyed{}}
		m.pools[key] = pl
	}
	for i := range pl.held {
		m.processLocked(Worker(b, i))
	}
	return pl
}

// pickLocked chooses the worker for the next unit (see [Manager.Lease]).
func (m *Manager) pickLocked(b Binary, pl *pool) int {
	best, bestUp := -1, false
	for i, held := range pl.held {
		up, failed := processState(m.procs[processKey(Worker(b, i))])
		switch {
		case failed:
			continue
		case best < 0, held < pl.held[best], held == pl.held[best] && up && !bestUp:
			best, bestUp = i, up
		}
	}
	if best < 0 {
		return 0 // every worker failed to start: worker 0's Start says why
	}
	return best
}

// processState reports whether p has started and runs (up), or failed to
// start (failed); a process still starting is neither.
func processState(p *Process) (up, failed bool) {
	if p == nil {
		return false, false
	}
	select {
	case <-p.ready:
	default:
		return false, false
	}
	if p.err != nil {
		return false, true
	}
	return !hasCrashed(p), false
}
