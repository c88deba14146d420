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
// seccomp — in which programs then run, each a plain fork-exec by the
// cell's init in a process group of its own: no new namespaces or mounts
// per program. When a program ends, or is killed, its group is killed, and
// so is whatever left the group of a finished run; /tmp is emptied
// whenever no program runs. Programs may run concurrently. Its methods are
// safe for concurrent use.
type Cell struct {
	cmd     *Cmd
	held    *Held
	conn    *net.UnixConn
	tier    Tier
	scratch string
	mu      sync.Mutex
	next    uint64
	waiting map[uint64]chan cellReply
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
	held, err := Hold(cmd.Process)
	if err != nil {
		conn.Close() // the init exits when its socket closes
		_ = cmd.Wait()
		cmd.Cleanup()
		return nil, err
	}
	c := &Cell{cmd: cmd, held: held, conn: conn, tier: l.tier, scratch: "/tmp", waiting: map[uint64]chan cellReply{}}
	go c.readReplies()
	return c, nil
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

// readReplies hands each reply to its run; when the cell goes away, every
// run still waiting fails.
func (c *Cell) readReplies() {
	buf := make([]byte, 64<<10)
	for {
		n, err := c.conn.Read(buf)
		if err != nil {
			c.fail(fmt.Errorf("the cell ended: %w", err))
			return
		}
		var rep cellReply
		if json.Unmarshal(buf[:n], &rep) != nil {
			continue
		}
		c.mu.Lock()
		ch := c.waiting[rep.ID]
		delete(c.waiting, rep.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- rep
		}
	}
}

// Run runs r in the cell and returns its status as a shell reports it
// (128+N for signal N). On timeout (> 0) or ctx's end the program and
// everything it started are killed: timedOut is set, or ctx's error
// returned. A program the cell could not start is a [NotStartedError].
func (c *Cell) Run(ctx context.Context, r CellRun, timeout time.Duration) (status int, timedOut bool, err error) {
	id, replies, err := c.register()
	if err != nil {
		return -1, false, err
	}
	if err := c.send(id, r); err != nil {
		return -1, false, c.fail(err)
	}
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case rep, ok := <-replies:
		return c.result(rep, ok)
	case <-expired:
		timedOut = true
	case <-ctx.Done():
		err = ctx.Err()
	}
	return c.kill(id, replies, timedOut, err)
}

// register allots a run id and the channel its reply comes on.
func (c *Cell) register() (uint64, chan cellReply, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken != nil {
		return 0, nil, c.broken
	}
	c.next++
	ch := make(chan cellReply, 1)
	c.waiting[c.next] = ch
	return c.next, ch, nil
}

// kill asks the cell to end run id and waits for its report.
func (c *Cell) kill(id uint64, replies <-chan cellReply, timedOut bool, cause error) (int, bool, error) {
	b, _ := json.Marshal(cellRequest{ID: id, Kill: true})
	if _, err := c.conn.Write(b); err != nil {
		return -1, timedOut, c.fail(err)
	}
	select {
	case rep, ok := <-replies:
		status, _, err := c.result(rep, ok)
		if cause != nil {
			err = cause
		}
		return status, timedOut, err
	case <-time.After(cellKillGrace):
		return -1, timedOut, c.fail(errors.New("the cell did not report the killed program"))
	}
}

// result turns a reply into Run's results; !ok means the cell failed.
func (c *Cell) result(rep cellReply, ok bool) (int, bool, error) {
	if !ok {
		c.mu.Lock()
		defer c.mu.Unlock()
		return -1, false, c.broken
	}
	if rep.Error != "" {
		return rep.Status, false, &NotStartedError{Reason: rep.Error}
	}
	return rep.Status, false, nil
}

// send writes run id's request with the program's descriptors.
func (c *Cell) send(id uint64, r CellRun) error {
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
	b, err := json.Marshal(cellRequest{ID: id, Path: r.Path, Args: r.Args, Env: env, Dir: r.Dir})
	if err != nil {
		return err
	}
	rights := syscall.UnixRights(int(stdin.Fd()), int(r.Stdout.Fd()), int(r.Stderr.Fd()))
	_, _, err = c.conn.WriteMsgUnix(b, rights, nil)
	return err
}

// fail marks the cell unusable, fails every waiting run and ends the cell.
func (c *Cell) fail(err error) error {
	c.mu.Lock()
	if c.broken == nil {
		c.broken = fmt.Errorf("isolate: cell: %w", err)
	}
	for id, ch := range c.waiting {
		close(ch)
		delete(c.waiting, id)
	}
	broken := c.broken
	c.mu.Unlock()
	go c.stop()
	return broken
}

// Close ends the cell and everything in it. It is safe to call twice.
func (c *Cell) Close() error {
	c.mu.Lock()
	if c.broken == nil {
		c.broken = errors.New("isolate: cell closed")
	}
	c.mu.Unlock()
	c.stop()
	return nil
}

// stop closes the socket (the init then kills what runs and exits), waits
// for the init (killing it, through the pidfd held, if it lingers), reaps
// it and removes its root's mount point.
func (c *Cell) stop() {
	c.once.Do(func() {
		_ = c.conn.Close()
		exited := make(chan struct{})
		go func() {
			_ = c.held.AwaitExit()
			close(exited)
		}()
		select {
		case <-exited:
		case <-time.After(cellKillGrace):
			c.held.Kill()
			<-exited
		}
		_ = c.held.Reap(c.cmd.Wait)
		c.cmd.Cleanup()
	})
}
