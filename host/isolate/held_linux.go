package isolate

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// Held is a started child process that the host still holds: a pidfd to
// it, and its pid, which stays its own (and its process group's) until the
// host reaps it. Every signal goes through Held, so none reaches a process
// that took the id over after the reap: the pidfd names one process for
// good, and the group is signalled only while its leader is unreaped
// (alive or a zombie), when the kernel hands its id to nobody else.
type Held struct {
	mu     sync.Mutex
	pid    int
	pidfd  int
	reaped bool
}

// Hold takes hold of proc, a child the caller started and has not waited
// for.
func Hold(proc *os.Process) (*Held, error) {
	fd, err := unix.PidfdOpen(proc.Pid, 0)
	if err != nil {
		return nil, fmt.Errorf("isolate: pidfd_open %d: %w", proc.Pid, err)
	}
	return &Held{pid: proc.Pid, pidfd: fd}, nil
}

// Pid is the process's id (valid only while it is held).
func (h *Held) Pid() int { return h.pid }

// Kill SIGKILLs the process and, while it is unreaped, its process group.
// After the reap it does nothing.
func (h *Held) Kill() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.reaped {
		return
	}
	_ = unix.Kill(-h.pid, unix.SIGKILL)
	_ = unix.PidfdSendSignal(h.pidfd, unix.SIGKILL, nil, 0)
}

// Signal sends sig to the process alone, through its pidfd.
func (h *Held) Signal(sig unix.Signal) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.reaped {
		return os.ErrProcessDone
	}
	return unix.PidfdSendSignal(h.pidfd, sig, nil, 0)
}

// AwaitExit blocks until the process has exited, without reaping it: it
// stays a zombie, so its pid and process group remain held.
func (h *Held) AwaitExit() error {
	for {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PIDFD, h.pidfd, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

// AwaitTrap blocks until the process, started with PTRACE_TRACEME, stops at
// its exec; ok is false when it exited instead. Nothing is reaped.
func (h *Held) AwaitTrap() (ok bool, err error) {
	const cldTrapped = 4 // CLD_TRAPPED
	for {
		var info unix.Siginfo
		err = unix.Waitid(unix.P_PID, h.pid, &info, unix.WEXITED|unix.WSTOPPED|unix.WNOWAIT|unix.WALL, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		return err == nil && info.Code == cldTrapped, err
	}
}

// Reap kills what is left of the process group (its leader is a zombie by
// now, see [Held.AwaitExit]), marks the process reaped so that no later
// Kill can reach a process that reuses its id, and then calls wait, which
// must reap it (exec.Cmd.Wait).
func (h *Held) Reap(wait func() error) error {
	h.mu.Lock()
	if !h.reaped {
		_ = unix.Kill(-h.pid, unix.SIGKILL)
		h.reaped = true
	}
	h.mu.Unlock()
	err := wait()
	h.mu.Lock()
	if h.pidfd >= 0 {
		_ = unix.Close(h.pidfd)
		h.pidfd = -1
	}
	h.mu.Unlock()
	return err
}
