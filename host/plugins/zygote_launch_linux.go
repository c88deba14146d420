package plugins

// The zygote's process: its start (and its "ready"), its output and its
// end. zygote_protocol_linux.go is its control socket, zygote_runner_linux.go
// a worker forked from it.

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// zygoteSupported: forks need pidfds and SCM_RIGHTS, which Linux has.
const zygoteSupported = true

// zygoteFDEnv names the zygote's control descriptor in its environment
// (the SDK's _zygote.ZYGOTE_ENV).
const zygoteFDEnv = "SWARMHOST_PLUGIN_ZYGOTE_FD"

// zygote is one pool's zygote process and the host's end of its control
// socket (see zygote.go, zygote_protocol_linux.go and the SDK's _zygote.py
// for the protocol).
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

// newZygote is the zygote of b's pool, started by its first await.
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
