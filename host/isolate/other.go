//go:build !linux

package isolate

import (
	"errors"
	"os"
	"reflect"
	"strconv"
	"sync"
)

var errNotLinux = errors.New("sandboxes need Linux")

// wireTypes: no cells here.
var wireTypes []reflect.Type

func probe() Mechanisms {
	why := errNotLinux.Error()
	return Mechanisms{UserNSWhy: why, LandlockWhy: why, SeccompWhy: why}
}

func (l *Launcher) command(Spec) (*Cmd, error) { return nil, errNotLinux }

func runInit() int {
	os.Stderr.WriteString("swarmhost sandbox: " + errNotLinux.Error() + "\n")
	return 125
}

// PluginSockets checks handshake addresses; without openat2 it cannot pin
// the socket's inode, so it returns the checked path itself.
// No sandbox runs here either, so there is no multiplexed connection to
// guard (GuardMux is ignored).
type PluginSockets struct {
	Dir      string
	GuardMux bool
}

// PluginToHost checks the address with [CheckHandshakeAddress].
func (s *PluginSockets) PluginToHost(network, address string) (string, string, error) {
	if _, err := CheckHandshakeAddress(network, address, s.Dir); err != nil {
		return "", "", err
	}
	return network, address, nil
}

// Close does nothing.
func (s *PluginSockets) Close() {}

// Held is a started child process (no pidfds here: signals go to the
// process through os.Process, never to a group).
type Held struct {
	proc   *os.Process
	mu     sync.Mutex
	reaped bool
}

// Hold takes hold of proc.
func Hold(proc *os.Process) (*Held, error) { return &Held{proc: proc}, nil }

// Pid is the process's id.
func (h *Held) Pid() int { return h.proc.Pid }

// Kill kills the process until it is reaped.
func (h *Held) Kill() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.reaped {
		_ = h.proc.Kill()
	}
}

// AwaitExit cannot wait without reaping here; it returns at once.
func (h *Held) AwaitExit() error { return nil }

// Reap marks the process reaped and calls wait.
func (h *Held) Reap(wait func() error) error {
	h.mu.Lock()
	h.reaped = true
	h.mu.Unlock()
	return wait()
}

// SystemDirs is empty where sandboxes do not exist.
func SystemDirs() []string { return nil }

// DiskUsage is not measured where sandboxes do not exist.
func DiskUsage([]string) int64 { return 0 }

// BytesText prints a size in bytes.
func BytesText(n int64) string { return strconv.FormatInt(n, 10) + " bytes" }
