package plugins

import (
	"context"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/go-plugin/runner"

	"github.com/swarmhost/swarmhost/sdk/base"
)

// Process is one running plugin binary, shared by every member, sample and
// kind it serves during a run. [Manager.Start] returns it once the
// handshake is done; the Manager stops it.
type Process struct {
	bin            Binary
	zyg            *zygote // the pool's zygote this worker is forked from, or nil
	log            hclog.Logger
	tail           *tailBuffer
	stdout, stderr *strayWriter
	killCtx        context.Context
	cancel         context.CancelFunc // hard kill, see command

	ready chan struct{} // closed when launch has finished
	err   error         // launch's error, read after ready

	client  *plugin.Client
	runMu   sync.Mutex
	runner  runner.Runner // set by the RunnerFunc; every kill goes through it
	proto   plugin.ClientProtocol
	pid     int
	closing atomic.Bool
	stopped sync.Once

	watch   sync.Once
	done    chan struct{} // closed when the process has exited
	crashed chan struct{} // closed when it exited without being stopped
	errMu   sync.Mutex
	exitErr error

	infoLock  chan struct{} // one metadata fetch at a time, ctx-aware
	mu        sync.Mutex
	clients   map[string]any
	infos     map[string][]base.MetadataResponse
	infoCalls int // metadata RPCs made, for tests
}

func newProcess(b Binary, host hclog.Logger) *Process {
	log := pluginLogger(host, b)
	ctx, cancel := context.WithCancel(context.Background())
	return &Process{
		bin: b, log: log, tail: &tailBuffer{},
		stdout: newStrayWriter(log, "stdout"), stderr: newStrayWriter(log, "stderr"),
		killCtx: ctx, cancel: cancel,
		ready: make(chan struct{}), done: make(chan struct{}), crashed: make(chan struct{}),
		infoLock: make(chan struct{}, 1),
		clients:  map[string]any{}, infos: map[string][]base.MetadataResponse{},
	}
}

// setRunner records the runner go-plugin starts the process with.
func (p *Process) setRunner(r runner.Runner) {
	p.runMu.Lock()
	p.runner = r
	p.runMu.Unlock()
}

// killRunner SIGKILLs the process (and its group, or its sandbox) if it is
// still held; it never signals an id the host no longer holds.
func (p *Process) killRunner() {
	p.runMu.Lock()
	r := p.runner
	p.runMu.Unlock()
	if r != nil {
		_ = r.Kill(context.Background())
	}
}

// Binary is the binary the process was started from.
func (p *Process) Binary() Binary { return p.bin }

// Pid is the plugin's process id, also its process group id.
func (p *Process) Pid() int { return p.pid }

// ProtocolVersion is the plugin protocol version go-plugin negotiated.
func (p *Process) ProtocolVersion() int { return p.client.NegotiatedVersion() }

// Exited reports whether the process has exited, for whatever reason.
func (p *Process) Exited() bool { return p.client.Exited() }

// Done is closed once the process has exited, whether it crashed or was
// stopped by the Manager.
func (p *Process) Done() <-chan struct{} { return p.done }

// Err says why the process exited when it did so on its own (a crash, with
// the last lines of its stderr); it is nil while the process runs and after
// the Manager stopped it.
func (p *Process) Err() error {
	p.errMu.Lock()
	defer p.errMu.Unlock()
	return p.exitErr
}

// run launches the process from a goroutine locked to its OS thread for
// the process's whole life, because the parent-death signal follows the
// thread that forked the plugin: were that thread to end (Go ends a thread
// when a goroutine exits while locked to it), the plugin would be killed.
// Once the plugin has exited the goroutine returns, ending its thread.
func (p *Process) run(opts Options) {
	runtime.LockOSThread()
	p.launch(opts)
	if p.err == nil {
		<-p.done
	}
}

// launch starts the process and connects to it; on failure it cleans up
// and leaves a [*StartError] in p.err.
func (p *Process) launch(opts Options) {
	defer close(p.ready)
	p.client = plugin.NewClient(p.clientConfig(opts))
	proto, err := p.client.Client()
	if err != nil {
		p.stop(opts.KillTimeout)
		p.err = p.startError(err, opts)
		return
	}
	p.proto = proto
	p.pid, _ = strconv.Atoi(p.client.ID())
	p.log.Debug("plugin ready", "pid", p.pid, "protocol", p.client.NegotiatedVersion())
	_, _ = p.dispense(p.bin.Kind) // arms watchExit
}

// watchExit is handed go-plugin's per-process context by exitTap.
func (p *Process) watchExit(ctx context.Context) {
	p.watch.Do(func() { go p.awaitExit(ctx) })
}

// awaitExit waits for the process to exit and reports a crash.
func (p *Process) awaitExit(ctx context.Context) {
	<-ctx.Done()
	if !p.closing.Load() {
		err := p.crashError()
		p.errMu.Lock()
		p.exitErr = err
		p.errMu.Unlock()
		p.log.Error("plugin process exited unexpectedly", "error", err)
		close(p.crashed)
	}
	close(p.done)
}

// dispense returns the process's client for kind, dispensing it once.
func (p *Process) dispense(kind string) (any, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.clients[kind]; ok {
		return c, nil
	}
	c, err := p.proto.Dispense(kind)
	if err != nil {
		return nil, err
	}
	p.clients[kind] = c
	return c, nil
}
