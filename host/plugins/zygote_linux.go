package plugins

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin/runner"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// zygoteSupported: forks need pidfds and SCM_RIGHTS, which Linux has.
const zygoteSupported = true

// zygoteFDEnv names the zygote's control descriptor in its environment
// (the SDK's _zygote.ZYGOTE_ENV).
const zygoteFDEnv = "SWARMHOST_PLUGIN_ZYGOTE_FD"

// zygote is one pool's zygote process and the host's end of its control
// socket (see zygote.go and the SDK's _zygote.py for the protocol).
type zygote struct {
	bin  Binary
	log  hclog.Logger
	opts Options

	startOnce sync.Once
	ready     chan struct{} // closed once started (or failed: err)
	err       error
	done      chan struct{} // closed once the process has exited and been reaped

	ctl     *net.UnixConn
	held    *isolate.Held
	forkMu  sync.Mutex // one fork request (and its answer) at a time
	replies chan zygoteMessage

	mu    sync.Mutex
	exits map[int]*zygoteExit
}

// zygoteMessage is one message from the zygote.
type zygoteMessage struct {
	Ready  bool   `json:"ready"`
	Pid    int    `json:"pid"`
	Error  string `json:"error"`
	Exit   int    `json:"exit"`
	Status int    `json:"status"`
	pidfd  int
}

// zygoteExit is a forked worker's exit, once the zygote has reaped it.
type zygoteExit struct {
	done   chan struct{}
	status int
}

func newZygote(b Binary, host hclog.Logger, opts Options) *zygote {
	b.Instance = "zygote"
	return &zygote{bin: b, log: pluginLogger(host, b), opts: opts, ready: make(chan struct{}),
		done: make(chan struct{}), replies: make(chan zygoteMessage, 1), exits: map[int]*zygoteExit{}}
}

// exited reports whether the zygote has started and then exited (or failed
// to start).
func (z *zygote) exited() bool {
	select {
	case <-z.done:
		return true
	default:
		return false
	}
}

// await starts the zygote on first use, with env (the first worker's
// environment, go-plugin's), and waits until it is ready or failed.
func (z *zygote) await(env []string) error {
	z.startOnce.Do(func() { go z.run(env) })
	<-z.ready
	return z.err
}

// run starts the zygote and holds it until it exits, on a goroutine locked
// to its thread for the zygote's whole life: the parent-death signal
// follows the thread that forked it, and the thread that started it
// stopped at its exec is the one that verifies and detaches it.
func (z *zygote) run(env []string) {
	runtime.LockOSThread()
	cmd, err := z.start(env)
	if err != nil {
		z.err = fmt.Errorf("zygote of %s: %w", z.bin, err)
		z.log.Debug("no zygote; each worker starts its own process", "error", err)
		close(z.ready)
		close(z.done)
		return
	}
	close(z.ready)
	go z.readLoop()
	_ = z.held.AwaitExit()
	_ = z.held.Reap(cmd.Wait)
	_ = z.ctl.Close()
	close(z.done)
}

// start launches the zygote and waits for its "ready" (the plugin's
// warm-up done), at most the plugin's start timeout.
func (z *zygote) start(env []string) (*exec.Cmd, error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("socketpair: %w", err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "zygote-control"), os.NewFile(uintptr(fds[1]), "zygote-control")
	defer theirs.Close()
	conn, err := net.FileConn(ours)
	_ = ours.Close()
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	z.ctl = conn.(*net.UnixConn)
	cmd := &exec.Cmd{Path: z.bin.Path, Args: []string{z.bin.Path}, Env: zygoteEnv(env),
		ExtraFiles: []*os.File{theirs}, SysProcAttr: sysProcAttr()}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		_ = z.ctl.Close()
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		_ = z.ctl.Close()
		return nil, err
	}
	held, err := startVerified(cmd, z.bin.SHA256)
	if err != nil {
		_ = z.ctl.Close()
		return nil, err
	}
	z.held = held
	_ = theirs.Close()
	served := make(chan string, 1)
	go z.logLines(stderr, nil)
	go z.logLines(stdout, served)
	fail := func(err error) (*exec.Cmd, error) {
		held.Kill()
		_ = held.AwaitExit()
		_ = held.Reap(cmd.Wait)
		_ = z.ctl.Close()
		return nil, err
	}
	got := make(chan error, 1)
	go func() {
		m, err := z.receive()
		if err == nil && !m.Ready {
			err = fmt.Errorf("it said %+v before it was ready", m)
		}
		got <- err
	}()
	select {
	case err := <-got:
		if err != nil {
			return fail(fmt.Errorf("it exited or failed before it was ready (a plugin that does not fork "+
				"workers, or a warm-up that failed): %w", err))
		}
	case line := <-served:
		return fail(fmt.Errorf("it served at once (printed %q): not a zygote", line))
	case <-time.After(z.opts.StartTimeout):
		return fail(fmt.Errorf("not ready within %s", z.opts.StartTimeout))
	}
	z.log.Debug("zygote ready", "pid", held.Pid())
	return cmd, nil
}

// zygoteEnv is the zygote's environment: the first worker's, without what
// is that worker's own (its certificates), and with the control socket.
func zygoteEnv(env []string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if k == "PLUGIN_CLIENT_CERT" || k == "SWARMHOST_PLUGIN_TLS" || k == zygoteFDEnv {
			continue
		}
		out = append(out, kv)
	}
	return append(out, zygoteFDEnv+"=3")
}

// logLines logs the zygote's output at debug level; the first line on
// stdout (a plugin serving instead of forking) goes to first, if any.
func (z *zygote) logLines(r io.Reader, first chan<- string) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		if first != nil {
			select {
			case first <- sc.Text():
			default:
			}
		}
		z.log.Debug("zygote output", "line", sc.Text())
	}
}

// receive reads one message (and a pidfd with it, if any).
func (z *zygote) receive() (zygoteMessage, error) {
	buf := make([]byte, 4096)
	oob := make([]byte, unix.CmsgSpace(4))
	n, oobn, _, _, err := z.ctl.ReadMsgUnix(buf, oob)
	if err != nil {
		return zygoteMessage{}, err
	}
	if n == 0 {
		return zygoteMessage{}, io.EOF
	}
	m := zygoteMessage{pidfd: -1}
	if oobn > 0 {
		if msgs, err := unix.ParseSocketControlMessage(oob[:oobn]); err == nil {
			for _, cm := range msgs {
				if fds, err := unix.ParseUnixRights(&cm); err == nil {
					for _, fd := range fds {
						if m.pidfd < 0 {
							m.pidfd = fd
						} else {
							_ = unix.Close(fd)
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf[:n], &m); err != nil {
		if m.pidfd >= 0 {
			_ = unix.Close(m.pidfd)
		}
		return zygoteMessage{}, fmt.Errorf("zygote message %q: %w", buf[:n], err)
	}
	return m, nil
}

// readLoop dispatches the zygote's messages until it exits: a worker's
// exit to its waiter, anything else to the fork request waiting for it.
func (z *zygote) readLoop() {
	for {
		m, err := z.receive()
		if err != nil {
			return
		}
		if m.Exit != 0 {
			x := z.exit(m.Exit)
			z.mu.Lock()
			x.status = m.Status
			z.mu.Unlock()
			close(x.done)
			continue
		}
		z.replies <- m
	}
}

// exit is pid's exit record, made on first use.
func (z *zygote) exit(pid int) *zygoteExit {
	z.mu.Lock()
	defer z.mu.Unlock()
	x := z.exits[pid]
	if x == nil {
		x = &zygoteExit{done: make(chan struct{})}
		z.exits[pid] = x
	}
	return x
}

// fork asks the zygote for a worker with env, stdout and stderr; it
// returns the worker's pid and a pidfd for it.
func (z *zygote) fork(env []string, stdout, stderr *os.File) (int, int, error) {
	z.forkMu.Lock()
	defer z.forkMu.Unlock()
	body, err := json.Marshal(map[string]any{"env": env})
	if err != nil {
		return 0, -1, err
	}
	rights := unix.UnixRights(int(stdout.Fd()), int(stderr.Fd()))
	if _, _, err := z.ctl.WriteMsgUnix(body, rights, nil); err != nil {
		return 0, -1, fmt.Errorf("zygote: fork request: %w", err)
	}
	select {
	case m := <-z.replies:
		if m.Error != "" || m.Pid <= 0 || m.pidfd < 0 {
			if m.pidfd >= 0 {
				_ = unix.Close(m.pidfd)
			}
			return 0, -1, fmt.Errorf("zygote: fork: %s", m.Error)
		}
		z.exit(m.Pid) // from now on its exit is recorded
		return m.Pid, m.pidfd, nil
	case <-z.done:
		return 0, -1, errors.New("zygote: exited")
	case <-time.After(z.opts.StartTimeout):
		return 0, -1, errors.New("zygote: no answer to a fork request")
	}
}

// close ends the zygote once its workers have stopped: closing the control
// socket makes it exit; it is killed if it has not within timeout.
func (z *zygote) close(timeout time.Duration) {
	select {
	case <-z.ready:
	default:
		return // never started (await was never called)
	}
	if z.err != nil {
		return
	}
	_ = z.ctl.CloseWrite()
	select {
	case <-z.done:
	case <-time.After(timeout):
		z.held.Kill()
		<-z.done
	}
}

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
