package sandbox

import (
	"os/exec"
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// ToolLimits bound every command run in a sandbox under the isolation
// launcher: a member's tool call, a setup script, a scorer's exec in a
// view. The per-call timeout bounds wall time.
var ToolLimits = isolate.Limits{
	MemoryBytes:  2 << 30,
	CPUSeconds:   15 * 60,
	Processes:    256,
	OpenFiles:    1024,
	FileBytes:    1 << 30,
	ScratchBytes: 256 << 20,
}

// where is what a command may reach: its working directory (HOME) and the
// paths bound into its sandbox.
type where struct {
	dir       string
	readWrite []string // dir included when the command may write it
	overlay   []string // dir included for a view
	network   bool
	iso       *isolate.Launcher // nil: a plain process group
	// disk bounds what one command may add to readWrite; 0 takes
	// ToolLimits.FileBytes.
	disk int64
}

// diskLimit is what one command may add to the directories it may write.
func (w where) diskLimit() int64 {
	if w.disk > 0 {
		return w.disk
	}
	return ToolLimits.FileBytes
}

// isolatedCommand builds the sandboxed form of a resolved command.
func isolatedCommand(w where, path string, args, env []string) (*isolate.Cmd, error) {
	return w.iso.Command(isolate.Spec{Path: path, InView: true, Args: args, Env: env, Dir: w.dir,
		ReadWrite: w.readWrite, Overlay: w.overlay, Network: w.network, Limits: ToolLimits})
}

// launcher returns the machine's launcher for sandbox commands, or nil —
// with one warning — when it has no tier left.
func launcher() *isolate.Launcher {
	l := isolate.Default()
	if l.Tier() != isolate.TierNone {
		return l
	}
	warnOnce.Do(func() {
		hclog.L().Warn("sandbox commands run WITHOUT isolation: only their working directory and process group "+
			"confine them; run untrusted agents on a machine with user namespaces or Landlock and seccomp",
			"sandbox", l.Describe())
	})
	return nil
}

var warnOnce sync.Once

// starter starts cmd the way its isolation needs.
func starter(iso *isolate.Launcher) func(*exec.Cmd) error {
	if iso == nil {
		return (*exec.Cmd).Start
	}
	return isolate.Start
}
