package plugins

// A pool worker forked from its zygote, as go-plugin's runner.Runner.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin/runner"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// zygoteRunner is go-plugin's runner.Runner for a worker forked by a
// zygote: Start asks for the fork, Kill signals its pidfd, Wait waits for
// the zygote's report of its exit.
type zygoteRunner struct {
	z              *zygote
	env            []string
	log            hclog.Logger
	name           string
	killCtx        context.Context
	socks          *isolate.PluginSockets
	stdout, stderr *os.File // our ends
	outW, errW     *os.File // the worker's ends, until sent

	mu       sync.Mutex
	pid      int
	pidfd    int
	started  chan struct{}
	waitOnce sync.Once
	waitErr  error
}

var _ runner.Runner = (*zygoteRunner)(nil)

// zygoteRunnerFunc is the RunnerFunc of a pool worker forked by z; it
// falls back to a process of its own (hostRunnerFunc) when the zygote
// cannot start or has gone.
func (p *Process) zygoteRunnerFunc(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
	if err := p.zyg.await(cmd.Env); err != nil || p.zyg.exited() {
		return p.hostRunnerFunc(log, cmd, socketDir)
	}
	r := &zygoteRunner{z: p.zyg, env: cmd.Env, log: log, name: p.bin.Path, killCtx: p.killCtx,
		socks: &isolate.PluginSockets{Dir: socketDir}, pidfd: -1, started: make(chan struct{})}
	var err error
	if r.stdout, r.outW, err = os.Pipe(); err == nil {
		r.stderr, r.errW, err = os.Pipe()
	}
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", p.bin, err)
	}
	p.setRunner(r)
	return r, nil
}

// Start forks the worker.
func (r *zygoteRunner) Start(context.Context) error {
	r.log.Debug("forking plugin worker from its zygote", "path", r.name)
	pid, pidfd, err := r.z.fork(r.env, r.outW, r.errW)
	_ = r.outW.Close()
	_ = r.errW.Close()
	if err != nil {
		return fmt.Errorf("start %s: %w", r.name, err)
	}
	r.mu.Lock()
	r.pid, r.pidfd = pid, pidfd
	r.mu.Unlock()
	close(r.started)
	go func() {
		select {
		case <-r.killCtx.Done():
			_ = r.Kill(context.Background())
		case <-r.z.exit(pid).done:
		}
	}()
	return nil
}

// Wait waits for the worker to exit: the zygote's report, or, if the
// zygote went first (its workers die with it), the pidfd.
func (r *zygoteRunner) Wait(context.Context) error {
	r.waitOnce.Do(func() {
		<-r.started
		x := r.z.exit(r.pid)
		select {
		case <-x.done:
			r.mu.Lock()
			if x.status != 0 {
				r.waitErr = fmt.Errorf("exit status %d", x.status)
			}
			r.mu.Unlock()
		case <-r.z.done:
			fds := []unix.PollFd{{Fd: int32(r.pidfd), Events: unix.POLLIN}}
			for {
				if _, err := unix.Poll(fds, -1); !errors.Is(err, unix.EINTR) {
					break
				}
			}
		}
		r.mu.Lock()
		_ = unix.Close(r.pidfd)
		r.pidfd = -1
		r.mu.Unlock()
		r.socks.Close()
	})
	return r.waitErr
}

// Kill SIGKILLs the worker through its pidfd (the zygote then kills the
// rest of its process group); after Wait it does nothing.
func (r *zygoteRunner) Kill(context.Context) error {
	select {
	case <-r.started:
	default:
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pidfd >= 0 {
		_ = unix.PidfdSendSignal(r.pidfd, unix.SIGKILL, nil, 0)
	}
	return nil
}

// Stdout carries the handshake.
func (r *zygoteRunner) Stdout() io.ReadCloser { return r.stdout }

// Stderr carries the worker's logs.
func (r *zygoteRunner) Stderr() io.ReadCloser { return r.stderr }

// Name is the plugin's path.
func (r *zygoteRunner) Name() string { return r.name }

// ID is the worker's pid, also its process group.
func (r *zygoteRunner) ID() string {
	select {
	case <-r.started:
		return strconv.Itoa(r.pid)
	default:
		return ""
	}
}

// Diagnose adds nothing.
func (r *zygoteRunner) Diagnose(context.Context) string { return "" }

// PluginToHost accepts only a unix socket in the worker's socket directory.
func (r *zygoteRunner) PluginToHost(n, a string) (string, string, error) {
	return r.socks.PluginToHost(n, a)
}

// HostToPlugin needs no translation.
func (r *zygoteRunner) HostToPlugin(n, a string) (string, string, error) { return n, a, nil }
