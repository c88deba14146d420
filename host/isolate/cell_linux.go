package isolate

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// cellFD is the init's end of the host's socket in a cell (ExtraFiles[0]).
const cellFD = 3

// cellRequest is one message from the host to a cell's init: a program to
// run (its stdin, stdout and stderr passed alongside as descriptors), or
// Kill to end the running one.
type cellRequest struct {
	Path string   `json:"path,omitempty"`
	Args []string `json:"args,omitempty"`
	Env  []string `json:"env,omitempty"`
	Dir  string   `json:"dir,omitempty"`
	Kill bool     `json:"kill,omitempty"`
}

// cellReply is the init's answer to a run: the program's status as a shell
// reports it, or why it could not start.
type cellReply struct {
	Status int    `json:"status"`
	Error  string `json:"error,omitempty"`
}

// cellRun is a request the reader hands the init's locked thread, with the
// descriptors that came with it.
type cellRun struct {
	req   cellRequest
	files []int
}

// serveCell is the init of a cell: the sandbox is built once (root,
// limits, Landlock, seccomp, capabilities, as for one program), then it
// runs the host's programs one at a time from its locked thread. When a
// program ends — or the host asks — every other process of the cell's pid
// namespace is SIGKILLed and reaped and the scratch /tmp emptied, so
// nothing of one call outlives it. The cell ends when the host closes its
// socket (or dies).
func serveCell(p policy) int {
	conn, err := cellConn()
	if err == nil {
		err = confine(p)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "swarmhost sandbox: %v\n", err)
		return initFailed
	}
	runs := make(chan cellRun)
	go readCell(conn, runs)
	for run := range runs {
		reply := runInCell(p, run)
		b, _ := json.Marshal(reply)
		if _, err := conn.Write(append(b, '\n')); err != nil {
			return 0
		}
	}
	return 0
}

// cellConn is the host's socket.
func cellConn() (*net.UnixConn, error) {
	f := os.NewFile(cellFD, "cell")
	c, err := net.FileConn(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("cell socket: %w", err)
	}
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return nil, errors.New("cell socket: not a unix socket")
	}
	return uc, nil
}

// readCell reads the host's requests: runs go to the locked thread, a kill
// is done at once. It closes runs when the host goes away.
func readCell(conn *net.UnixConn, runs chan<- cellRun) {
	defer close(runs)
	buf, oob := make([]byte, 1<<20), make([]byte, unix.CmsgSpace(3*4))
	for {
		n, oobn, _, _, err := conn.ReadMsgUnix(buf, oob)
		if err != nil || n == 0 {
			killCell()
			return
		}
		var req cellRequest
		if json.Unmarshal(buf[:n], &req) != nil {
			continue
		}
		if req.Kill {
			killed.Store(true)
			killCell()
			continue
		}
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

// runInCell runs one program with the passed stdin, stdout and stderr, then
// ends everything else in the cell.
func runInCell(p policy, run cellRun) cellReply {
	defer func() {
		for _, fd := range run.files {
			_ = unix.Close(fd)
		}
	}()
	if len(run.files) != 3 {
		return cellReply{Status: initFailed, Error: "want stdin, stdout and stderr"}
	}
	attr := &syscall.ProcAttr{Dir: run.req.Dir, Env: run.req.Env,
		Files: []uintptr{uintptr(run.files[0]), uintptr(run.files[1]), uintptr(run.files[2])},
		Sys:   &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}}
	if p.UID >= 0 {
		attr.Sys.Credential = &syscall.Credential{Uid: uint32(p.UID), Gid: uint32(p.GID), Groups: []uint32{}}
	}
	pid, err := syscall.ForkExec(run.req.Path, run.req.Args, attr)
	if err != nil {
		return cellReply{Status: initFailed, Error: fmt.Sprintf("start %s: %v", run.req.Path, err)}
	}
	killed.Store(false)
	status, sig := waitProgram(pid)
	killCell()
	reapAll()
	clearScratch(p)
	if sig != 0 && !killed.Load() {
		explainSignalTo(fdWriter(run.files[2]), sig)
	}
	return cellReply{Status: status}
}

// killed is set when the host asked to kill the running program, whose
// SIGKILL then needs no explanation.
var killed atomic.Bool

// waitProgram waits for pid (reaping any other child meanwhile) and returns
// its status as a shell reports it, and the signal that ended it (0 when it
// exited).
func waitProgram(pid int) (int, syscall.Signal) {
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(-1, &ws, 0, nil)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return initFailed, 0
		case got != pid:
			continue
		case ws.Signaled():
			return 128 + int(ws.Signal()), ws.Signal()
		}
		return ws.ExitStatus(), 0
	}
}

// killCell SIGKILLs every process of the cell's pid namespace but its init.
// The kill runs on a goroutine, so never on the init's locked thread, which
// dropped CAP_KILL; the runtime's other threads keep the init's
// capabilities in its user namespace, and the programs run as another user.
func killCell() {
	done := make(chan struct{})
	go func() {
		_ = syscall.Kill(-1, syscall.SIGKILL)
		close(done)
	}()
	<-done
}

// reapAll reaps every child until none is left.
func reapAll() {
	for {
		var ws syscall.WaitStatus
		_, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return
		}
	}
}

// clearScratch empties the scratch /tmp between calls, as a fresh sandbox
// would have it — all but the entries that lead to a path bound from the
// host (a sandbox directory under the host's /tmp), which are never
// touched.
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
func (w fdWriter) Write(p []byte) (int, error) { return unix.Write(int(w), p) }
