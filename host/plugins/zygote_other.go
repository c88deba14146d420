//go:build !linux

package plugins

import (
	"os/exec"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin/runner"
)

// zygoteSupported: only Linux has the pidfds forked workers are held by.
const zygoteSupported = false

// zygote is never made here.
type zygote struct{}

func newZygote(Binary, hclog.Logger, Options) *zygote { return &zygote{} }

func (*zygote) exited() bool        { return true }
func (*zygote) close(time.Duration) {}

// zygoteRunnerFunc starts the worker as a process of its own.
func (p *Process) zygoteRunnerFunc(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
	return p.hostRunnerFunc(log, cmd, socketDir)
}
