package plugins

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
)

// Manager owns a run's plugin processes: one per binary path, started on
// first use and shared by every caller. Its methods are safe for concurrent
// use. The CLI makes one per run and calls Close when the run ends, on every
// path (and [KillAll] on Ctrl-C).
type Manager struct {
	logger hclog.Logger
	opts   Options

	mu    sync.Mutex
	procs map[string]*Process
	pools map[string]*pool // by the key of the binary's shared process
	// zygotes fork the workers of trusted Python plugins' pools, by the
	// key of the binary's shared process (zygote.go)
	zygotes map[string]*zygote
	closed  bool
	once    sync.Once
}

// NewManager returns a Manager that logs under logger: a plugin's lines
// appear as <logger name>.plugin.<kind>.<name> (the "plugin" segment is not
// repeated when logger's name already ends with it). A nil logger discards
// everything.
func NewManager(logger hclog.Logger, opts Options) *Manager {
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	m := &Manager{logger: logger, opts: opts.withDefaults(), procs: map[string]*Process{}, pools: map[string]*pool{},
		zygotes: map[string]*zygote{}}
	register(m)
	return m
}

// Start returns the running process of b's binary, launching it on first
// use (later calls, and calls for other kinds or names of the same path,
// share it). A process that crashed after a successful launch is replaced
// by a new one on the next Start (callers holding clients of the dead one
// see errors; callers that resolve through Start per use recover). A failed
// launch is a [*StartError] (or a [*ChecksumError]) and stays failed for
// the rest of the run. ctx bounds only this caller's wait:
// the launch itself goes on, bounded by [Options.StartTimeout].
func (m *Manager) Start(ctx context.Context, b Binary) (*Process, error) {
	if err := startable(b, m.opts); err != nil {
		return nil, err
	}
	p, err := m.process(b)
	if err != nil {
		return nil, err
	}
	select {
	case <-p.ready:
	case <-ctx.Done():
		return nil, fmt.Errorf("start %s: %w", b, ctx.Err())
	}
	if p.err != nil {
		return nil, p.err
	}
	return p, nil
}

// process returns b's process, creating and launching it if needed.
func (m *Manager) process(b Binary) (*Process, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, fmt.Errorf("start %s: the plugin manager is closed", b)
	}
	return m.processLocked(b), nil
}

// processLocked is process with m.mu held and the manager open.
func (m *Manager) processLocked(b Binary) *Process {
	key := processKey(b)
	if p, ok := m.procs[key]; ok {
		if !hasCrashed(p) {
			return p
		}
		// A crashed (not closed) process is replaced for the next caller:
		// one member's crash must not fail every later sample. The dead
		// one's process group is reaped in the background.
		p.log.Warn("relaunching crashed plugin", "pid", p.pid)
		go p.stop(m.opts.KillTimeout)
	}
	p := newProcess(b, m.logger)
	p.zyg = m.zygoteForLocked(b)
	m.procs[key] = p
	go p.run(m.opts.forBinary(b))
	return p
}

// startable refuses binaries this package cannot run.
func startable(b Binary, opts Options) error {
	switch {
	case !validKind(b.Kind):
		return fmt.Errorf("start %s: unknown plugin kind %q", b, b.Kind)
	case !filepath.IsAbs(b.Path):
		return fmt.Errorf("start %s: the path must be absolute", b)
	case b.Trust == Untrusted:
		return untrustedStartable(b, opts.launcher())
	}
	return nil
}

// Crashed returns a channel closed when b's current process exits without
// the Manager stopping it, so the runtime can mark the members it served
// errored ([Process.Err] says why). It is nil, never ready, when b's binary
// has not been started. After a relaunch it is the new process's.
func (m *Manager) Crashed(b Binary) <-chan struct{} {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.procs[processKey(b)]; ok {
		return p.crashed
	}
	return nil
}

// Close stops every process: a graceful go-plugin Kill bounded by
// [Options.KillTimeout] per process (in parallel), then SIGKILL to each
// plugin's process group. It returns when done; it is safe to call many
// times and concurrently (later callers wait for the first). Start fails
// afterwards.
func (m *Manager) Close() {
	m.once.Do(func() {
		m.mu.Lock()
		m.closed = true
		procs := make([]*Process, 0, len(m.procs))
		for _, p := range m.procs {
			procs = append(procs, p)
		}
		m.mu.Unlock()
		var wg sync.WaitGroup
		for _, p := range procs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.close(m.opts.KillTimeout)
			}()
		}
		wg.Wait()
		m.closeZygotes() // after their workers: a zygote's workers die with it
		unregister(m)
	})
}

// hasCrashed reports whether p exited on its own after a successful launch.
func hasCrashed(p *Process) bool {
	select {
	case <-p.crashed:
		return true
	default:
		return false
	}
}

// Settle waits, after a call to p failed, until p is known to be alive or
// has exited, at most timeout. A call that failed because the process died
// often returns before the process has been reaped and reported crashed;
// settling first means the caller's next Start relaunches it rather than
// handing out the dead process again. A live process answers a health
// check and Settle returns at once.
func (p *Process) Settle(timeout time.Duration) {
	if p.proto == nil || p.proto.Ping() == nil {
		return
	}
	select {
	case <-p.done:
	case <-time.After(timeout):
	}
}

// processKey identifies b's process: one per binary path and instance.
func processKey(b Binary) string {
	return filepath.Clean(b.Path) + "\x00" + b.Instance
}
