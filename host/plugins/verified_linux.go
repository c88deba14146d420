package plugins

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/hashicorp/go-hclog"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/internal/regular"
	"github.com/swarmhost/swarmhost/host/isolate"
)

// startVerified starts cmd so that it runs only if what the kernel
// executed has the digest want: the child stops at its exec
// (PTRACE_TRACEME), the host hashes /proc/<pid>/exe — the very file
// executed, which nobody can write while it runs (ETXTBSY) — and lets it go
// (PTRACE_DETACH) or kills it before it ran a single instruction. It must
// be called from the goroutine (locked to its thread) that will stay the
// tracer until the detach, as [Process.run] is.
//
// A script's executable is its interpreter: a script passes when the
// interpreter its verified bytes name is what runs, and the file at its
// path, read at that moment, has the digest (the interpreter then reads the
// script again by path; see docs/guides/untrusted-plugins.md).
func startVerified(cmd *exec.Cmd, want string) (*isolate.Held, error) {
	if want != "" && !ptraceUsable() {
		return startCheckedByPath(cmd, want)
	}
	if want != "" {
		cmd.SysProcAttr.Ptrace = true
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	held, err := isolate.Hold(cmd.Process)
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, err
	}
	if want == "" {
		return held, nil
	}
	fail := func(err error) (*isolate.Held, error) {
		held.Kill()
		_ = held.Reap(cmd.Wait)
		return nil, err
	}
	if ok, err := held.AwaitTrap(); !ok {
		return fail(fmt.Errorf("start %s: it exited before it ran: %v", cmd.Path, err))
	}
	if err := verifyExec(held.Pid(), cmd.Path, want); err != nil {
		return fail(err)
	}
	if err := unix.PtraceDetach(held.Pid()); err != nil {
		return fail(fmt.Errorf("start %s: ptrace detach: %w", cmd.Path, err))
	}
	return held, nil
}

// startCheckedByPath is the fallback where ptrace is denied (a container's
// seccomp profile, say): the file is hashed by path, then started, so a swap
// between the two is not excluded. It says so once.
func startCheckedByPath(cmd *exec.Cmd, want string) (*isolate.Held, error) {
	ptraceDenied.Do(func() {
		hclog.L().Warn("ptrace is denied here, so a trusted plugin's bytes are checked by path just before it starts, " +
			"not at its exec; run untrusted plugins sandboxed (they run a verified copy)")
	})
	sum, err := FileSHA256(cmd.Path)
	if err != nil {
		return nil, err
	}
	if sum != want {
		return nil, &isolate.DigestMismatchError{Path: cmd.Path, Expected: want, Actual: sum}
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return isolate.Hold(cmd.Process)
}

// ptraceDenied warns once that startCheckedByPath is in use.
var ptraceDenied sync.Once

// ptraceUsable reports, once per host, whether a child may be started
// stopped at its exec (PTRACE_TRACEME); a container's seccomp profile may
// deny it.
var ptraceUsable = sync.OnceValue(func() bool {
	c := exec.Command("/proc/self/exe", "-ptrace-probe-never-runs")
	c.SysProcAttr = &syscall.SysProcAttr{Ptrace: true, Pdeathsig: syscall.SIGKILL}
	if err := c.Start(); err != nil {
		return false
	}
	_ = c.Process.Kill() // stopped at its exec: it never ran
	_ = c.Wait()
	return true
})

// verifyExec checks what the stopped process pid executed for path: the
// executed image itself is hashed on every start, whatever discovery or
// the digest cache knew of the file. Its identity (inode, size, times)
// does not prove its bytes: a write through a shared mapping to an
// already-dirty page changes none of them. Nothing can write the image
// from now on (the kernel refuses while it executes, ETXTBSY, and refuses
// the exec while anything holds it open for writing), so the bytes hashed
// are the bytes that run.
func verifyExec(pid int, path, want string) error {
	exe := "/proc/" + strconv.Itoa(pid) + "/exe"
	sum, err := FileSHA256(exe)
	if err != nil {
		return err
	}
	if sum == want {
		return nil
	}
	data, err := regular.ReadFile(path, maxScript)
	if err != nil {
		return err
	}
	if got := bytesSHA256(data); got != want {
		return &isolate.DigestMismatchError{Path: path, Expected: want, Actual: got}
	}
	interp := shebang(data)
	if interp == "" || !sameFile(interp, exe) {
		return &isolate.DigestMismatchError{Path: path, Expected: want, Actual: sum}
	}
	return nil
}

// maxScript bounds what is read of a script whose interpreter is what the
// kernel executed.
const maxScript = 64 << 20

// shebang returns the interpreter a script's #! line names, or "".
func shebang(data []byte) string {
	if !bytes.HasPrefix(data, []byte("#!")) {
		return ""
	}
	line, _, _ := bufio.NewReader(bytes.NewReader(data[2:])).ReadLine()
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return ""
	}
	return fields[0]
}

// sameFile reports whether two paths name the same inode.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
