package isolate

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// initFailed is the init's exit code when it could not set the sandbox up
// (as env(1) and container runtimes use 125).
const initFailed = 125

// runInit is the sandbox init: it sets the sandbox up around itself on its
// locked main thread, forks the program from that thread, and reaps until
// the program exits, returning the program's status.
func runInit() int {
	runtime.LockOSThread()
	p, err := readPolicy()
	if err == nil && p.Mode == modeCheck {
		_, err = os.Stdout.WriteString(protocol())
		if err != nil {
			return initFailed
		}
		return 0
	}
	if err == nil && p.Mode == modeProbe {
		if err := probeProc(); err != nil {
			fmt.Fprintf(os.Stderr, "swarmhost sandbox: %v\n", err)
			return initFailed
		}
		return 0
	}
	if err == nil && p.Mode == modeCell {
		return serveCell(p)
	}
	var pid int
	if err == nil {
		pid, err = setUpAndStart(p)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "swarmhost sandbox: %v\n", err)
		return initFailed
	}
	go watchdog(p)
	return reap(pid, p.Tier)
}

// probeProc mounts a proc of the new pid namespace on a scratch directory and unmounts it: inside
// an unprivileged container, whose /proc has masked paths, the kernel refuses that mount, and the
// namespaces tier, which needs it, cannot work there.
func probeProc() error {
	dir, err := os.MkdirTemp("", "swarmhost-probe-")
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	if err := unix.Mount("proc", dir, "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount proc: %w", err)
	}
	return unix.Unmount(dir, unix.MNT_DETACH)
}

// setUpAndStart builds the sandbox in the order of the package doc and
// starts the program.
func setUpAndStart(p policy) (int, error) {
	if err := confine(p); err != nil {
		return 0, err
	}
	return startProgram(p)
}

// confine builds the sandbox around the init's locked thread, up to the
// point where it starts programs.
func confine(p policy) error {
	if p.Tier == TierNamespaces {
		if err := buildRoot(p); err != nil {
			return err
		}
	}
	if err := os.Chdir(p.Dir); err != nil {
		return fmt.Errorf("working directory: %w", err)
	}
	if err := setLimits(p.Limits); err != nil {
		return err
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := restrictFiles(p); err != nil {
		return err
	}
	if err := loadSeccomp(p.Network, p.Tier == TierLandlock); err != nil {
		return err
	}
	if err := dropCaps(p.UID >= 0); err != nil {
		return err
	}
	return nil
}

// startProgram forks and execs the program from this (locked, confined)
// thread: stdin on /dev/null, the init's stdout and stderr, the policy's
// ids, and death when the init dies.
func startProgram(p policy) (int, error) {
	attr := &syscall.ProcAttr{Dir: p.Dir, Env: p.Env, Files: []uintptr{0, 1, 2},
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}}
	if p.UID >= 0 {
		attr.Sys.Credential = &syscall.Credential{Uid: uint32(p.UID), Gid: uint32(p.GID), Groups: []uint32{}}
	}
	pid, err := syscall.ForkExec(p.Path, p.Args, attr)
	// A verified copy was just written by the host: a child the host forked
	// meanwhile may still hold its write descriptor until that child execs.
	for try := 0; errors.Is(err, syscall.ETXTBSY) && try < 100; try++ {
		time.Sleep(10 * time.Millisecond)
		pid, err = syscall.ForkExec(p.Path, p.Args, attr)
	}
	if err != nil {
		return 0, fmt.Errorf("start %s: %w", p.Path, err)
	}
	return pid, nil
}

// reap waits for the program, reaping every other process that ends in
// the meantime, and returns its status as a shell reports it. A signal to
// the init kills the program. Under TierNamespaces the init's exit then
// kills whatever is left in the pid namespace; under TierLandlock the host
// kills the process group.
func reap(pid int, tier Tier) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() {
		<-sigs
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}()
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(-1, &ws, 0, nil)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return initFailed
		case got != pid:
			continue
		case ws.Signaled():
			explainSignal(ws.Signal())
			return 128 + int(ws.Signal())
		}
		return ws.ExitStatus()
	}
}

// explainSignal notes on stderr a death that a sandbox limit may have
// caused; a program killed by an ordinary signal ends silently.
func explainSignal(sig syscall.Signal) {
	if why, _ := overLimit.Load().(string); why != "" {
		return // the watchdog said why
	}
	explainSignalTo(os.Stderr, sig)
}

// explainSignalTo writes explainSignal's note to w.
func explainSignalTo(w io.Writer, sig syscall.Signal) {
	switch sig {
	case syscall.SIGKILL:
		fmt.Fprintln(w, "swarmhost sandbox: the program was killed (SIGKILL): it may have reached its CPU time limit")
	case syscall.SIGXCPU:
		fmt.Fprintln(w, "swarmhost sandbox: the program reached its CPU time limit (SIGXCPU)")
	case syscall.SIGXFSZ:
		fmt.Fprintln(w, "swarmhost sandbox: the program reached its file size limit (SIGXFSZ)")
	}
}
