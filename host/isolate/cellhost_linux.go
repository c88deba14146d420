package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"syscall"
	"time"
)

// cellKillGrace bounds how long a cell may take to report a killed program.
const cellKillGrace = 10 * time.Second

// Cell is a sandbox built once — namespaces, root, limits, Landlock,
// seccomp — in which programs then run one at a time, each a plain
// fork-exec by the cell's init: no new namespaces or mounts per program.
// When a program ends, or is killed, everything else in the cell is killed
// and its scratch /tmp emptied, so nothing of one run outlives it. Its
// methods are safe for concurrent use; runs wait for one another.
type Cell struct {
	cmd     *Cmd
	conn    *net.UnixConn
	tier    Tier
	scratch string
	mu      sync.Mutex
	broken  error
	once    sync.Once
}

// NewCell starts a cell for spec (its Path and Args are ignored: the cell
// runs the programs [Cell.Run] is given). Only [TierNamespaces] has cells.
func (l *Launcher) NewCell(spec Spec) (*Cell, error) {
	if l.tier != TierNamespaces {
		return nil, ErrNoCell
	}
	spec.Path, spec.Args = "/bin/sh", nil
	if err := spec.check(); err != nil {
		return nil, err
	}
	cmd, err := l.commandMode(spec, modeCell)
	if err != nil {
		return nil, err
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		cmd.Cleanup()
		return nil, fmt.Errorf("isolate: cell socket: %w", err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "cell"), os.NewFile(uintptr(fds[1]), "cell-init")
	defer theirs.Close()
	cmd.ExtraFiles = []*os.File{theirs}
	cmd.Stderr = os.Stderr
	conn, err := fileConn(ours)
	if err != nil {
		cmd.Cleanup()
		return nil, err
	}
	if err := Start(cmd.Cmd); err != nil {
		conn.Close()
		cmd.Cleanup()
		return nil, fmt.Errorf("isolate: start cell: %w", err)
	}
	return &Cell{cmd: cmd, conn: conn, tier: l.tier, scratch: "/tmp"}, nil
}

// fileConn turns our end of the socket pair into a connection.
func fileConn(f *os.File) (*net.UnixConn, error) {
	defer f.Close()
	c, err := net.FileConn(f)
	if err != nil {
		return nil, fmt.Errorf("isolate: cell socket: %w", err)
	}
	return c.(*net.UnixConn), nil
}

// Run runs r in the cell and returns its status as a shell reports it
// (128+N for signal N). On timeout (> 0) or ctx's end the program and
// everything it started are killed: timedOut is set, or ctx's error
// returned.
func (c *Cell) Run(ctx context.Context, r CellRun, timeout time.Duration) (status int, timedOut bool, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken != nil {
		return -1, false, c.broken
	}
	if err := c.send(r); err != nil {
		return -1, false, c.fail(err)
	}
	replies := make(chan cellReply, 1)
	errs := make(chan error, 1)
	go func() {
		rep, err := c.read()
		if err != nil {
			errs <- err
			return
		}
		replies <- rep
	}()
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case rep := <-replies:
		return c.result(rep)
	case err := <-errs:
		return -1, false, c.fail(err)
	case <-expired:
		timedOut = true
	case <-ctx.Done():
		err = ctx.Err()
	}
	return c.kill(replies, errs, timedOut, err)
}

// kill asks the cell to end the running program and waits for its report.
func (c *Cell) kill(replies <-chan cellReply, errs <-chan error, timedOut bool, cause error) (int, bool, error) {
	b, _ := json.Marshal(cellRequest{Kill: true})
	if _, err := c.conn.Write(b); err != nil {
		return -1, timedOut, c.fail(err)
	}
	select {
	case rep := <-replies:
		status, _, err := c.result(rep)
		if cause != nil {
			err = cause
		}
		return status, timedOut, err
	case err := <-errs:
		return -1, timedOut, c.fail(err)
	case <-time.After(cellKillGrace):
		return -1, timedOut, c.fail(errors.New("the cell did not report the killed program"))
	}
}

// result turns a reply into Run's results.
func (c *Cell) result(rep cellReply) (int, bool, error) {
	if rep.Error != "" {
		return rep.Status, false, &NotStartedError{Reason: rep.Error}
	}
	return rep.Status, false, nil
}

// send writes the request with the program's descriptors.
func (c *Cell) send(r CellRun) error {
	stdin := r.Stdin
	if stdin == nil {
		null, err := os.Open(os.DevNull)
		if err != nil {
			return err
		}
		defer null.Close()
		stdin = null
	}
	env := withEnv(withEnv(append([]string(nil), r.Env...), "TMPDIR="+c.scratch), SandboxEnv+"="+string(c.tier))
	b, err := json.Marshal(cellRequest{Path: r.Path, Args: r.Args, Env: env, Dir: r.Dir})
	if err != nil {
		return err
	}
	rights := syscall.UnixRights(int(stdin.Fd()), int(r.Stdout.Fd()), int(r.Stderr.Fd()))
	_, _, err = c.conn.WriteMsgUnix(b, rights, nil)
	return err
}

// read reads one reply.
func (c *Cell) read() (cellReply, error) {
	buf := make([]byte, 64<<10)
	n, err := c.conn.Read(buf)
	if err != nil {
		return cellReply{}, err
	}
	var rep cellReply
	if err := json.Unmarshal(buf[:n], &rep); err != nil {
		return cellReply{}, fmt.Errorf("isolate: cell reply: %w", err)
	}
	return rep, nil
}

// fail marks the cell unusable and ends it.
func (c *Cell) fail(err error) error {
	c.broken = fmt.Errorf("isolate: cell: %w", err)
	c.stop()
	return c.broken
}

// Close ends the cell and everything in it. It is safe to call twice.
func (c *Cell) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken == nil {
		c.broken = errors.New("isolate: cell closed")
	}
	c.stop()
	return nil
}

// stop closes the socket (the init then kills what runs and exits), waits
// for the init and removes its root's mount point.
func (c *Cell) stop() {
	c.once.Do(func() {
		_ = c.conn.Close()
		done := make(chan struct{})
		go func() {
			_ = c.cmd.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(cellKillGrace):
			_ = KillTree(c.cmd.Process.Pid)
			<-done
		}
		c.cmd.Cleanup()
	})
}
