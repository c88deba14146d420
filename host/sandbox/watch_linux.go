package sandbox

import (
	"os/exec"

	"golang.org/x/sys/unix"
)

// watch reports when cmd's leader process has exited without reaping it
// (waitid with WNOWAIT), so its pid — the group id — stays reserved until
// reap, which waits for the command: the group kill that comes between
// can never reach a reused id. It waits on a pidfd; kernels without pidfds
// (before 5.3) wait on the pid itself (watchPid).
func watch(cmd *exec.Cmd) (exited <-chan struct{}, reap func()) {
	fd, err := unix.PidfdOpen(cmd.Process.Pid, 0)
	if err != nil {
		return watchPid(cmd)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		var info unix.Siginfo
		for unix.Waitid(unix.P_PIDFD, fd, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
		}
	}()
	return done, func() {
		_ = cmd.Wait()
		<-done
		_ = unix.Close(fd)
	}
}

// watchPid is watch by pid: waitid(P_PID, …, WEXITED|WNOWAIT) leaves the
// exited leader a zombie — its pid still taken — until reap, which waits
// for the report and only then reaps it (cmd.Wait).
func watchPid(cmd *exec.Cmd) (exited <-chan struct{}, reap func()) {
	done := make(chan struct{})
	pid := cmd.Process.Pid
	go func() {
		defer close(done)
		var info unix.Siginfo
		for unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
		}
	}()
	return done, func() {
		<-done
		_ = cmd.Wait()
	}
}
