package isolate

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin/runner"
)

// PluginSpec describes an untrusted go-plugin plugin to run sandboxed.
type PluginSpec struct {
	// Path is the plugin binary.
	Path string
	// ReadOnly are extra host paths the plugin may read (an interpreter's
	// virtual environment, say).
	ReadOnly []string
	Limits   Limits
	// SHA256, when set, is the digest the plugin's bytes must have: the
	// runner copies Path into a directory only the host can write, hashes
	// the copy and runs it (bound at Path), so what runs is what was
	// hashed ([VerifiedCopy]).
	SHA256 string
	// KillCtx, when done, SIGKILLs the sandbox at once (once it started).
	KillCtx context.Context
}

// RunnerFunc returns a go-plugin ClientConfig.RunnerFunc that runs the
// plugin in a sandbox: read-only but for a fresh work directory (its cwd
// and HOME, a private tmpfs of ScratchBytes, so its writes never reach the
// host's disk) and go-plugin's socket directory, which
// is bound at its host path so that addresses need no translation, with
// exactly the environment go-plugin prepared (set SkipHostEnv, and
// GRPCBrokerMultiplex so that the broker needs no further sockets).
func (l *Launcher) RunnerFunc(ps PluginSpec) func(hclog.Logger, *exec.Cmd, string) (runner.Runner, error) {
	return func(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
		return l.newRunner(ps, log, cmd.Env, socketDir)
	}
}

// pluginRunner is a sandboxed plugin as go-plugin's runner.Runner.
type pluginRunner struct {
	cmd            *Cmd
	log            hclog.Logger
	path, work     string
	stdout, stderr io.ReadCloser
	pid            int
	held           *Held
	killCtx        context.Context
	started        chan struct{} // closed once held is set
	exited         chan struct{} // closed once reaped
	socks          *PluginSockets
	remove         func() // removes the verified copy
	waitOnce       sync.Once
	waitErr        error
}

var _ runner.Runner = (*pluginRunner)(nil)

func (l *Launcher) newRunner(ps PluginSpec, log hclog.Logger, env []string, socketDir string) (*pluginRunner, error) {
	if err := l.Chown(socketDir); err != nil {
		return nil, err
	}
	work, err := l.NewWorkDir("work-")
	if err != nil {
		return nil, err
	}
	env = withEnv(env, "HOME="+work)
	spec := Spec{Path: ps.Path, Env: env, Dir: work, ReadOnly: ps.ReadOnly,
		ReadWrite: []string{socketDir}, Tmpfs: []string{work}, Limits: ps.Limits}
	remove := func() {}
	if ps.SHA256 != "" {
		if spec.ProgramSource, remove, err = VerifiedCopy(ps.Path, ps.SHA256); err != nil {
			_ = os.RemoveAll(work)
			return nil, err
		}
	}
	cmd, err := l.Command(spec)
	if err != nil {
		remove()
		_ = os.RemoveAll(work)
		return nil, err
	}
	r := &pluginRunner{cmd: cmd, log: log, path: ps.Path, work: work, socks: &PluginSockets{Dir: socketDir, GuardMux: true},
		killCtx: ps.KillCtx, started: make(chan struct{}), exited: make(chan struct{}), remove: remove}
	if r.stdout, err = cmd.StdoutPipe(); err == nil {
		r.stderr, err = cmd.StderrPipe()
	}
	if err != nil {
		r.cleanup()
		return nil, fmt.Errorf("isolate: %w", err)
	}
	return r, nil
}

// Start starts the sandbox's init; from then on a done KillCtx kills it.
func (r *pluginRunner) Start(context.Context) error {
	r.log.Debug("starting sandboxed plugin", "path", r.path, "tier", r.cmd.Tier())
	if err := Start(r.cmd.Cmd); err != nil {
		r.cleanup()
		return fmt.Errorf("isolate: start %s: %w", r.path, err)
	}
	held, err := Hold(r.cmd.Process)
	if err != nil {
		_ = r.cmd.Process.Kill()
		_ = r.cmd.Wait()
		r.cleanup()
		return err
	}
	r.held, r.pid = held, r.cmd.Process.Pid
	close(r.started)
	if r.killCtx != nil {
		go func() {
			select {
			case <-r.killCtx.Done():
				r.held.Kill()
			case <-r.exited:
			}
		}()
	}
	return nil
}

// Wait waits for the init to exit without reaping it, kills whatever is
// left of its process group while the group's id is still held by the
// zombie, then reaps it and removes the sandbox's directories.
func (r *pluginRunner) Wait(context.Context) error {
	r.waitOnce.Do(func() {
		<-r.started
		_ = r.held.AwaitExit()
		r.waitErr = r.held.Reap(r.cmd.Wait)
		close(r.exited)
		r.cleanup()
	})
	return r.waitErr
}

// Kill SIGKILLs the whole sandbox, if it still runs; after the reap it
// does nothing.
func (r *pluginRunner) Kill(context.Context) error {
	select {
	case <-r.started:
		r.held.Kill()
	default:
	}
	return nil
}

func (r *pluginRunner) cleanup() {
	r.socks.Close()
	r.remove()
	r.cmd.Cleanup()
	_ = os.RemoveAll(r.work)
}

// Stdout carries the go-plugin handshake.
func (r *pluginRunner) Stdout() io.ReadCloser { return r.stdout }

// Stderr carries the plugin's logs and the init's own errors.
func (r *pluginRunner) Stderr() io.ReadCloser { return r.stderr }

// Name is the plugin's path.
func (r *pluginRunner) Name() string { return r.path }

// ID is the init's pid on the host, also its process group.
func (r *pluginRunner) ID() string {
	if r.pid == 0 {
		return ""
	}
	return strconv.Itoa(r.pid)
}

// Diagnose explains a failed start.
func (r *pluginRunner) Diagnose(context.Context) string {
	return "the plugin ran in a sandbox (tier " + string(r.cmd.Tier()) + "): it sees only system directories, " +
		"its binary, its work directory and go-plugin's socket; its stderr above says more"
}

// PluginToHost accepts only a unix socket inside the plugin's socket
// directory (bound at the same path inside the sandbox), opened without
// following links ([PluginSockets]); anything else is refused before any
// connection.
func (r *pluginRunner) PluginToHost(n, a string) (string, string, error) {
	return r.socks.PluginToHost(n, a)
}

// HostToPlugin needs no translation either.
func (r *pluginRunner) HostToPlugin(n, a string) (string, string, error) { return n, a, nil }
