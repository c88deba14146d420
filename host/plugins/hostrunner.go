package plugins

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"sync"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/go-plugin/runner"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// hostRunner runs a trusted plugin as a plain child process, as go-plugin's
// runner.Runner, so that the host, not go-plugin, decides three things:
// which bytes run (the process stops at its exec and its executable is
// hashed then, see [startVerified]), which address is dialled (only a unix
// socket in go-plugin's socket directory, see [isolate.PluginSockets]),
// and whom a kill reaches (a held process, see [isolate.Held]).
type hostRunner struct {
	cmd            *exec.Cmd
	log            hclog.Logger
	name           string
	want           string // the sha256 the executable must have, or ""
	killCtx        context.Context
	socks          *isolate.PluginSockets
	stdout, stderr io.ReadCloser

	held     *isolate.Held
	started  chan struct{} // closed once held is set
	exited   chan struct{} // closed once reaped
	waitOnce sync.Once
	waitErr  error
}

var _ runner.Runner = (*hostRunner)(nil)

// hostRunnerFunc is the RunnerFunc of a trusted process.
func (p *Process) hostRunnerFunc(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
	// cmd is go-plugin's template (exec.Command("")): only its environment
	// and stdin are go-plugin's.
	cmd = &exec.Cmd{Path: p.bin.Path, Args: []string{p.bin.Path}, Env: cmd.Env, Stdin: cmd.Stdin,
		SysProcAttr: sysProcAttr()}
	r := &hostRunner{cmd: cmd, log: log, name: p.bin.Path, want: p.bin.SHA256, killCtx: p.killCtx,
		socks: &isolate.PluginSockets{Dir: socketDir}, started: make(chan struct{}), exited: make(chan struct{})}
	var err error
	if r.stdout, err = cmd.StdoutPipe(); err == nil {
		r.stderr, err = cmd.StderrPipe()
	}
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", p.bin.Path, err)
	}
	p.setRunner(r)
	return r, nil
}

// Start starts the plugin; it runs only once its executable, stopped at
// exec, has the expected digest.
func (r *hostRunner) Start(context.Context) error {
	r.log.Debug("starting plugin", "path", r.cmd.Path, "args", r.cmd.Args)
	held, err := startVerified(r.cmd, r.want)
	if err != nil {
		if errors.As(err, new(*isolate.DigestMismatchError)) {
			return fmt.Errorf("%w: %w", plugin.ErrChecksumsDoNotMatch, err)
		}
		return err
	}
	r.held = held
	close(r.started)
	go func() {
		select {
		case <-r.killCtx.Done():
			r.held.Kill()
		case <-r.exited:
		}
	}()
	return nil
}

// Wait waits for the plugin to exit, kills the rest of its process group
// while the zombie still holds the group's id, then reaps it.
func (r *hostRunner) Wait(context.Context) error {
	r.waitOnce.Do(func() {
		<-r.started
		_ = r.held.AwaitExit()
		r.waitErr = r.held.Reap(r.cmd.Wait)
		close(r.exited)
		r.socks.Close()
	})
	return r.waitErr
}

// Kill SIGKILLs the plugin and its process group while they are held.
func (r *hostRunner) Kill(context.Context) error {
	select {
	case <-r.started:
		r.held.Kill()
	default:
	}
	return nil
}

// Stdout carries the handshake.
func (r *hostRunner) Stdout() io.ReadCloser { return r.stdout }

// Stderr carries the plugin's logs.
func (r *hostRunner) Stderr() io.ReadCloser { return r.stderr }

// Name is the binary's path.
func (r *hostRunner) Name() string { return r.name }

// ID is the plugin's pid, also its process group.
func (r *hostRunner) ID() string {
	select {
	case <-r.started:
		return strconv.Itoa(r.held.Pid())
	default:
		return ""
	}
}

// Diagnose adds nothing: the start-up error says enough.
func (r *hostRunner) Diagnose(context.Context) string { return "" }

// PluginToHost accepts only a unix socket in the plugin's socket directory.
func (r *hostRunner) PluginToHost(n, a string) (string, string, error) {
	return r.socks.PluginToHost(n, a)
}

// HostToPlugin needs no translation.
func (r *hostRunner) HostToPlugin(n, a string) (string, string, error) { return n, a, nil }
