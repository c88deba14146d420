package plugintest

import (
	"errors"
	"fmt"
	"os/exec"
	"syscall"
	"time"
)

// StopGrace is how long a stopped swarmhost has after each signal: the
// first SIGTERM ends the run as Ctrl-C does (its logs are finished), the
// second kills its plugins and exits, and only then is it SIGKILLed.
const StopGrace = 10 * time.Second

// runBounded runs cmd to its end and returns its exit code. Past timeout
// it stops the process as its operator would (SIGTERM, SIGTERM, SIGKILL,
// StopGrace apart), waits for it and returns an error saying so. Signals
// go to the process by its handle, before it is reaped.
func runBounded(cmd *exec.Cmd, timeout time.Duration) (int, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(timeout):
		err = stop(cmd, done)
		return 0, fmt.Errorf("ran past its timeout (%s) and was stopped: %v", timeout, err)
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}

// stop signals the process until it has ended and returns its end.
func stop(cmd *exec.Cmd, done <-chan error) error {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGTERM} {
		_ = cmd.Process.Signal(sig)
		select {
		case err := <-done:
			return err
		case <-time.After(StopGrace):
		}
	}
	_ = cmd.Process.Kill()
	return <-done
}

// cmpOrDuration is d, or def when zero.
func cmpOrDuration(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}
