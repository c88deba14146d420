package isolate

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// cellFD is the init's end of the host's socket in a cell (ExtraFiles[0]).
const cellFD = 3

// cellRequest is one message from the host to a cell's init: a program to
// run (its stdin, stdout and stderr passed alongside as descriptors), or
// Kill to end run ID.
type cellRequest struct {
	ID   uint64   `json:"id"`
	Path string   `json:"path,omitempty"`
	Args []string `json:"args,omitempty"`
	Env  []string `json:"env,omitempty"`
	Dir  string   `json:"dir,omitempty"`
	Kill bool     `json:"kill,omitempty"`
}

// cellReply is the init's answer to run ID: the program's status as a
// shell reports it, or why it could not start.
type cellReply struct {
	ID     uint64 `json:"id"`
	Status int    `json:"status"`
	Error  string `json:"error,omitempty"`
}

// cellRun is a request the reader hands the init's locked thread, with the
// descriptors that came with it.
type cellRun struct {
	req   cellRequest
	files []int
}

// cellCall is a running program: its id, process group (its pid) and the
// stderr descriptor kept for a note on how it ended.
type cellCall struct {
	id     uint64
	pid    int
	stderr int
	killed bool
	// over is why the watchdog killed it ("" when it did not).
	over string
}

// cellInit is the state of a cell's init.
type cellInit struct {
	p     policy
	conn  *net.UnixConn
	mu    sync.Mutex
	calls map[int]*cellCall // by pid
	byID  map[uint64]*cellCall
}

// serveCell is the init of a cell: the sandbox is built once (root,
// limits, Landlock, seccomp, capabilities, as for one program), then it
// runs the host's programs, several at a time, each forked from its locked
// thread in a process group of its own. When a program ends — or the host
// kills it — its whole group is SIGKILLed, and so is any process that left
// its group and whose run has ended (one that called setsid); when no
// program runs, the scratch /tmp is emptied. The cell ends when the host
// closes its socket or dies.
func serveCell(p policy) int {
	conn, err := cellConn()
	if err == nil {
		err = confine(p)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "swarmhost sandbox: %v\n", err)
		return initFailed
	}
	c := &cellInit{p: p, conn: conn, calls: map[int]*cellCall{}, byID: map[uint64]*cellCall{}}
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGCHLD)
	go c.reaper(sigs)
	go c.watchdog()
	runs := make(chan cellRun)
	go c.read(runs)
	for run := range runs {
		c.start(run)
	}
	c.killAll()
	return 0
}

// cellConn is the host's socket.
func cellConn() (*net.UnixConn, error) {
	f := os.NewFile(cellFD, "cell")
	conn, err := net.FileConn(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("cell socket: %w", err)
	}
	uc, ok := conn.(*net.UnixConn)
	if !ok {
		return nil, errors.New("cell socket: not a unix socket")
	}
	return uc, nil
}

// read reads the host's requests: runs go to the locked thread, kills are
// done at once. It closes runs when the host goes away.
func (c *cellInit) read(runs chan<- cellRun) {
	defer close(runs)
	buf, oob := make([]byte, 1<<20), make([]byte, unix.CmsgSpace(3*4))
	for {
		n, oobn, _, _, err := c.conn.ReadMsgUnix(buf, oob)
		if err != nil || n == 0 {
			return
		}
		var req cellRequest
		if json.Unmarshal(buf[:n], &req) != nil {
			continue
		}
		if req.Kill {
			c.kill(req.ID)
			continue
		}
		// Known before it starts, so that a kill that comes first holds.
		c.mu.Lock()
		c.byID[req.ID] = &cellCall{id: req.ID}
		c.mu.Unlock()
		runs <- cellRun{req: req, files: passedFiles(oob[:oobn])}
	}
}

// passedFiles are the descriptors of a control message.
func passedFiles(oob []byte) []int {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return nil
	}
	var fds []int
	for _, m := range msgs {
		got, err := unix.ParseUnixRights(&m)
		if err == nil {
			fds = append(fds, got...)
		}
	}
	return fds
}

// start forks one program from the locked thread, in a process group of
// its own, and registers it; a program that cannot start is answered at
// once.
func (c *cellInit) start(run cellRun) {
	if len(run.files) != 3 {
		closeAll(run.files)
		c.forget(run.req.ID)
		c.reply(cellReply{ID: run.req.ID, Status: initFailed, Error: "want stdin, stdout and stderr"})
		return
	}
	attr := &syscall.ProcAttr{Dir: run.req.Dir, Env: run.req.Env,
		Files: []uintptr{uintptr(run.files[0]), uintptr(run.files[1]), uintptr(run.files[2])},
		Sys:   &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}}
	if c.p.UID >= 0 {
		attr.Sys.Credential = &syscall.Credential{Uid: uint32(c.p.UID), Gid: uint32(c.p.GID), Groups: []uint32{}}
	}
	c.mu.Lock() // the reaper must not see the pid before it is registered
	pid, err := syscall.ForkExec(run.req.Path, run.req.Args, attr)
	call := c.byID[run.req.ID]
	if err == nil && call != nil {
		call.pid, call.stderr = pid, run.files[2]
		c.calls[pid] = call
	}
	killed := call != nil && call.killed
	c.mu.Unlock()
	closeAll(run.files[:2])
	if err != nil {
		_ = unix.Close(run.files[2])
		c.forget(run.req.ID)
		c.reply(cellReply{ID: run.req.ID, Status: initFailed, Error: fmt.Sprintf("start %s: %v", run.req.Path, err)})
		return
	}
	if killed { // the host gave up on it before it started
		c.killGroup(pid)
	}
}

// forget drops a run that never started.
func (c *cellInit) forget(id uint64) {
	c.mu.Lock()
	delete(c.byID, id)
	c.mu.Unlock()
}

// killGroup SIGKILLs a process group from a goroutine: never from the
// locked thread, which dropped CAP_KILL (the runtime's other threads keep the init's capabilities in its user namespace).
func (c *cellInit) killGroup(pgid int) {
	done := make(chan struct{})
	go func() {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		close(done)
	}()
	<-done
}

// exitedChild is a child that has exited, left unreaped (WNOWAIT), or 0
// when none has.
func exitedChild() (int, error) {
	var info unix.Siginfo
	if err := unix.Waitid(unix.P_ALL, 0, &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil); err != nil {
		return 0, err
	}
	return siginfoPid(&info), nil
}

// siginfoPid is the si_pid of a SIGCHLD siginfo (x/sys/unix leaves the
// union opaque): after si_signo, si_errno and si_code, and on 64-bit
// systems the union's alignment, at offset 16 (12 on 32-bit ones); 0 when
// waitid found no child.
func siginfoPid(info *unix.Siginfo) int {
	off := uintptr(16)
	if unsafe.Sizeof(uintptr(0)) == 4 {
		off = 12
	}
	return int(*(*int32)(unsafe.Add(unsafe.Pointer(info), off)))
}

// reaper reaps every child on SIGCHLD; when one is a run's program, it ends
// the run.
func (c *cellInit) reaper(sigs <-chan os.Signal) {
	for range sigs {
		for {
			pid, err := exitedChild()
			if err == syscall.EINTR {
				continue
			}
			if err != nil || pid <= 0 {
				break
			}
			c.mu.Lock()
			call := c.calls[pid]
			c.mu.Unlock()
			if call != nil {
				// The group is killed while its leader is a zombie, not yet
				// reaped: its id cannot name another run's group yet.
				_ = syscall.Kill(-pid, syscall.SIGKILL)
			}
			var ws syscall.WaitStatus
			if _, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); err != nil {
				continue
			}
			if call != nil {
				c.finish(call, ws)
			}
		}
	}
}

// finish ends a run whose program has exited and been reaped (the reaper
// killed its group first): it kills the processes that left the group of an ended run, notes a death by
// a limit on the run's stderr and answers the host.
func (c *cellInit) finish(call *cellCall, ws syscall.WaitStatus) {
	c.mu.Lock()
	delete(c.calls, call.pid)
	delete(c.byID, call.id)
	idle := len(c.calls) == 0
	c.mu.Unlock()
	c.killStrays()
	status := ws.ExitStatus()
	if ws.Signaled() {
		status = 128 + int(ws.Signal())
		switch {
		case call.over != "":
			fmt.Fprintf(fdWriter(call.stderr), "swarmhost sandbox: %s: killing everything in it\n", call.over)
		case !call.killed:
			explainSignalTo(fdWriter(call.stderr), ws.Signal())
		}
	}
	_ = unix.Close(call.stderr)
	if idle {
		clearScratch(c.p)
	}
	c.reply(cellReply{ID: call.id, Status: status})
}

// watchdog enforces the sandbox's aggregate limits (see watchdog) over
// every run going at once: past one, every run is killed and told why.
func (c *cellInit) watchdog() {
	self := os.Getpid()
	for range time.Tick(watchEvery) {
		c.mu.Lock()
		busy := len(c.calls) > 0
		c.mu.Unlock()
		if !busy {
			continue
		}
		t := sandboxTotals(TierNamespaces, self, 0)
		why := ""
		switch {
		case t.memory > c.p.Limits.TotalMemoryBytes:
			why = fmt.Sprintf("its processes held %s of memory in all, over the sandbox's limit of %s",
				BytesText(t.memory), BytesText(c.p.Limits.TotalMemoryBytes))
		case t.tasks > c.p.Limits.Processes:
			why = fmt.Sprintf("it ran %d processes and threads at once, over the sandbox's limit of %d",
				t.tasks, c.p.Limits.Processes)
		}
		if why == "" {
			continue
		}
		c.mu.Lock()
		for _, call := range c.calls {
			call.over = why
		}
		c.mu.Unlock()
		_ = syscall.Kill(-1, syscall.SIGKILL)
	}
}

// kill SIGKILLs run id's process group at the host's request.
func (c *cellInit) kill(id uint64) {
	c.mu.Lock()
	pid := 0
	if call := c.byID[id]; call != nil {
		call.killed, pid = true, call.pid
	}
	c.mu.Unlock()
	if pid > 0 {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}
}

// killAll ends every process of the cell when the host has gone.
func (c *cellInit) killAll() { _ = syscall.Kill(-1, syscall.SIGKILL) }

// reply sends one answer to the host.
func (c *cellInit) reply(r cellReply) {
	b, _ := json.Marshal(r)
	_, _ = c.conn.Write(b)
}

// closeAll closes descriptors.
func closeAll(fds []int) {
	for _, fd := range fds {
		_ = unix.Close(fd)
	}
}

// clearScratch empties the scratch /tmp, as a fresh sandbox would have it
// — all but the entries that lead to a path bound from the host (a sandbox
// directory under the host's /tmp), which are never touched.
func clearScratch(p policy) {
	entries, err := os.ReadDir(p.Scratch)
	if err != nil {
		return
	}
	bound := boundUnder(p, p.Scratch)
	for _, e := range entries {
		if !bound[e.Name()] {
			_ = os.RemoveAll(filepath.Join(p.Scratch, e.Name()))
		}
	}
}

// boundUnder is the first path component below dir of every path the
// policy binds.
func boundUnder(p policy, dir string) map[string]bool {
	out := map[string]bool{}
	paths := append(append(append([]string{p.Dir, p.Path}, p.ReadOnly...), p.ReadWrite...), p.Overlay...)
	for _, path := range paths {
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			continue
		}
		out[strings.SplitN(rel, string(filepath.Separator), 2)[0]] = true
	}
	return out
}

// fdWriter writes to a descriptor the cell does not own as an *os.File.
type fdWriter int

// Write writes p to the descriptor.
func (w fdWriter) Write(b []byte) (int, error) { return unix.Write(int(w), b) }
