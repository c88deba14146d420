package plugins

import (
	"errors"
	"fmt"
	"log"
	"os/exec"
	"slices"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/go-plugin/runner"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// sandbox turns cfg into the configuration of an untrusted plugin: started
// by the isolation launcher instead of exec, with no host environment,
// go-plugin's socket in the launcher's run directory (bound into the
// sandbox) and the broker multiplexed over the one connection, so the
// plugin never needs to reach another socket. The runner copies the binary
// into a directory only the host can write, hashes the copy and runs that
// ([isolate.VerifiedCopy]), so what runs is what was hashed.
func (p *Process) sandbox(cfg *plugin.ClientConfig, opts Options) {
	l := opts.launcher()
	cfg.SecureConfig = nil
	cfg.SkipHostEnv, cfg.GRPCBrokerMultiplex = true, true
	cfg.Logger = muxLogger{cfg.Logger}
	dir, err := isolate.RunDir()
	cfg.UnixSocketConfig = &plugin.UnixSocketConfig{TempDir: dir}
	readOnly := p.bin.ReadOnly
	py, isPy := untrustedPython(p.bin)
	if isPy {
		readOnly = append(slices.Clone(readOnly), py.ReadOnly...)
		p.log.Debug("untrusted Python plugin", "interpreter", py.describe(), "read_only", readOnly)
		if len(py.Unbound) > 0 {
			p.log.Info("untrusted Python plugin: its environment's .pth files name directories no read_only entry "+
				"holds, which the sandbox does not show (list them in read_only if the plugin needs them)",
				"directories", py.Unbound)
		}
	}
	inner := l.RunnerFunc(isolate.PluginSpec{Path: p.bin.Path, SHA256: p.bin.SHA256, ReadOnly: readOnly,
		Limits: p.bin.Limits, KillCtx: p.killCtx})
	cfg.RunnerFunc = func(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
		if err != nil {
			return nil, err
		}
		if isPy {
			cmd.Env = append(cmd.Env, py.env()...)
		}
		r, err := inner(log, cmd, socketDir)
		if errors.As(err, new(*isolate.DigestMismatchError)) {
			return nil, fmt.Errorf("%w: %w", plugin.ErrChecksumsDoNotMatch, err)
		}
		if err == nil {
			p.setRunner(r)
		}
		return r, err
	}
	if l.Tier() == isolate.TierNamespaces {
		p.log.Info("plugin is untrusted: starting it sandboxed", "sandbox", l.Describe())
	} else {
		p.log.Warn("plugin is untrusted: starting it in a weaker sandbox", "sandbox", l.Describe())
	}
}

// muxLogger is the logger of an untrusted plugin's client: the broker's
// multiplexer (yamux) reports a connection torn down at stop — "broken
// pipe" when the sandbox is killed — as an error, so its lines are logged
// at debug level.
type muxLogger struct{ hclog.Logger }

// Named demotes the multiplexer's logger.
func (l muxLogger) Named(name string) hclog.Logger {
	if name == "yamux" {
		return debugLogger{l.Logger.Named(name)}
	}
	return l.Logger.Named(name)
}

// debugLogger logs warnings and errors at debug level.
type debugLogger struct{ hclog.Logger }

// Warn logs at debug level.
func (l debugLogger) Warn(msg string, args ...any) { l.Logger.Debug(msg, args...) }

// Error logs at debug level.
func (l debugLogger) Error(msg string, args ...any) { l.Logger.Debug(msg, args...) }

// StandardLogger logs everything at debug level (yamux logs through one).
func (l debugLogger) StandardLogger(opts *hclog.StandardLoggerOptions) *log.Logger {
	o := hclog.StandardLoggerOptions{ForceLevel: hclog.Debug}
	if opts != nil {
		o = *opts
		o.InferLevels, o.ForceLevel = false, hclog.Debug
	}
	return l.Logger.StandardLogger(&o)
}
