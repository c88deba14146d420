//go:build !linux

package plugins

import (
	"os/exec"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// startVerified checks the file's digest by path, then starts it: without
// ptrace's stop at exec, a swap between the two is not excluded here.
func startVerified(cmd *exec.Cmd, want string) (*isolate.Held, error) {
	if want != "" {
		sum, err := FileSHA256(cmd.Path)
		if err != nil {
			return nil, err
		}
		if sum != want {
			return nil, &isolate.DigestMismatchError{Path: cmd.Path, Expected: want, Actual: sum}
		}
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return isolate.Hold(cmd.Process)
}
