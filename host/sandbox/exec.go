package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// defaultPath is the PATH a sandboxed command sees unless the request sets one.
const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// ExecRequest is a command to run in a sandbox.
type ExecRequest struct {
	// Command is the program and its arguments; a program without a slash
	// is looked up in the command's PATH, one with a slash is relative to
	// the sandbox; either must lie in what the sandbox shows (its own
	// directories and the system directories), see programInView.
	Command []string
	// Input is written to the command's stdin; empty means no stdin.
	Input string
	// Timeout ends the command (and everything it started) after this long;
	// 0 means no timeout beyond the context's.
	Timeout time.Duration
	// Env adds KEY=value entries to, or overrides entries of, the clean
	// environment (PATH, HOME = the sandbox, LANG=C.UTF-8).
	Env []string
}

// ExecResult is how a command ended.
type ExecResult struct {
	// ExitCode is the exit status; 128+N when signal N ended the command,
	// as a shell reports it.
	ExitCode int
	// Stdout and Stderr hold at most [MaxOutput] bytes each: past that the
	// front is dropped and a note says how much.
	Stdout, Stderr string
	// TimedOut reports that the request's timeout ended the command.
	TimedOut bool
}

// Exec runs req in the sandbox: working directory the sandbox, a clean
// minimal environment, in a new process group. When the command ends —
// normally, on timeout, or on ctx cancellation — the whole process group is
// killed, so nothing it started in the background outlives the call (start
// a server and its client in one command). A timeout is not an error: the
// result has TimedOut set. The error is non-nil only when the command could
// not be started or ctx ended (then with what was captured so far).
//
// Under the isolation launcher (host/isolate; see the package doc) the
// command runs in a sandbox of its own that shows it only this sandbox (and,
// for a member's own sandbox, the sample's shared one), with no network
// unless the sample enables it, bounded by [ToolLimits], and everything it
// started dies with it, escapes from the process group included.
func (s *Sandbox) Exec(ctx context.Context, req ExecRequest) (ExecResult, error) {
	if res, ok, err := s.execInCell(ctx, req); ok {
		return res, err
	}
	w := where{dir: s.Dir, readWrite: []string{s.Dir}, network: s.network, iso: s.launcher()}
	if s.shared != "" {
		w.readWrite = append(w.readWrite, s.shared)
	}
	return run(ctx, w, req)
}

// run runs req as w says; see Sandbox.Exec.
func run(ctx context.Context, w where, req ExecRequest) (ExecResult, error) {
	cmd, cleanup, err := command(w, req)
	if err != nil {
		return ExecResult{}, err
	}
	defer cleanup()
	stdout, stderr, err := startCaptured(cmd, starter(w.iso))
	if err != nil {
		return ExecResult{}, fmt.Errorf("sandbox: exec %s: %w", req.Command[0], err)
	}
	disk := watchDisk(w.readWrite, w.diskLimit())
	timedOut, err := waitGroup(ctx, cmd, req.Timeout, disk.full)
	disk.stop()
	res := ExecResult{Stdout: stdout.finish(), Stderr: stderr.finish(), TimedOut: timedOut}
	if disk.why != "" {
		res.Stderr += "\nsandbox: " + disk.why + ": the command and everything it started were killed\n"
	}
	res.ExitCode = exitCode(cmd.ProcessState)
	return res, err
}

// command builds the process for req, and what to remove once it has been
// waited for.
func command(w where, req ExecRequest) (*exec.Cmd, func(), error) {
	if len(req.Command) == 0 {
		return nil, nil, errors.New("sandbox: exec: empty command")
	}
	env := append([]string{"PATH=" + defaultPath, "HOME=" + w.dir, "LANG=C.UTF-8"}, req.Env...)
	path, err := programInView(w, req.Command[0], dedupEnv(env))
	if err != nil {
		return nil, nil, fmt.Errorf("sandbox: exec: %w", err)
	}
	cmd := &exec.Cmd{Path: path, Args: req.Command, Dir: w.dir, Env: env}
	cleanup := func() {}
	if w.iso != nil {
		ic, err := isolatedCommand(w, path, req.Command, dedupEnv(env))
		if err != nil {
			return nil, nil, fmt.Errorf("sandbox: exec %s: %w", req.Command[0], err)
		}
		cmd, cleanup = ic.Cmd, ic.Cleanup
	} else {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	}
	cmd.WaitDelay = drainGrace
	if req.Input != "" {
		cmd.Stdin = strings.NewReader(req.Input)
	}
	return cmd, cleanup, nil
}

// dedupEnv keeps the last entry of each key, in first-seen order, as
// os/exec does for a plain command.
func dedupEnv(env []string) []string {
	last := map[string]int{}
	for i, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		last[k] = i
	}
	var out []string
	for i, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if last[k] == i {
			out = append(out, kv)
		}
	}
	return out
}

// waitGroup waits for cmd's leader process to end, kills its whole process
// group — at once on timeout or ctx cancellation, else as soon as the leader
// has exited, or when full is closed — and only then reaps the leader, so the group id cannot have
// been reused by an unrelated process when the kill is sent.
func waitGroup(ctx context.Context, cmd *exec.Cmd, timeout time.Duration, full <-chan struct{}) (timedOut bool, err error) {
	exited, reap := watch(cmd)
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-exited:
	case <-expired:
		timedOut = true
	case <-full:
	case <-ctx.Done():
		err = fmt.Errorf("sandbox: exec %s: %w", cmd.Args[0], ctx.Err())
	}
	killGroup(cmd.Process.Pid)
	reap()
	return timedOut, err
}

// watchWait is the portable watch: it reaps the leader as soon as it exits,
// so the kill that follows may, rarely, find its group id reused.
func watchWait(cmd *exec.Cmd) (exited <-chan struct{}, reap func()) {
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	return done, func() { <-done }
}

// killGroup kills every process of the group pgid leads.
func killGroup(pgid int) {
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
}

// exitCode reads a finished process's status: its exit code, or 128+N when
// signal N killed it.
func exitCode(ps *os.ProcessState) int {
	if ps == nil {
		return -1
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}
