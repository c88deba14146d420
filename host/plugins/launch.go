package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/swarmhost/swarmhost/sdk/rpc"
)

// clientConfig is the go-plugin configuration of one plugin process.
func (p *Process) clientConfig(opts Options) *plugin.ClientConfig {
	cfg := &plugin.ClientConfig{
		HandshakeConfig:  rpc.Handshake,
		VersionedPlugins: tapPlugins(rpc.HostPlugins(), p.watchExit),
		Cmd:              p.command(),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         true,
		GRPCDialOptions:  rpc.DialOptions(),
		Managed:          true,
		Logger:           p.log,
		Stderr:           p.tail,
		SyncStdout:       p.stdout,
		SyncStderr:       p.stderr,
		StartTimeout:     opts.StartTimeout,
	}
	if sum, err := hex.DecodeString(p.bin.SHA256); err == nil && len(sum) == sha256.Size {
		cfg.SecureConfig = &plugin.SecureConfig{Checksum: sum, Hash: sha256.New()}
	}
	if p.bin.Trust == Untrusted {
		p.sandbox(cfg, opts)
	}
	return cfg
}

// command is the plugin's exec.Cmd: its own process group, SIGKILL when the
// host dies, and p.cancel as a race-free hard kill of the whole group for as
// long as go-plugin has not reaped the process (during start-up included).
func (p *Process) command() *exec.Cmd {
	cmd := exec.CommandContext(p.killCtx, p.bin.Path)
	cmd.SysProcAttr = sysProcAttr()
	cmd.Cancel = func() error {
		_ = killGroup(cmd.Process.Pid)
		return cmd.Process.Kill()
	}
	return cmd
}

// pluginLogger names a process's logger plugin.<kind>.<name> under the host
// logger, adding the "plugin" segment unless the host logger already ends
// with it.
func pluginLogger(host hclog.Logger, b Binary) hclog.Logger {
	if name := host.Name(); name != "plugin" && !strings.HasSuffix(name, ".plugin") {
		host = host.Named("plugin")
	}
	l := host.Named(b.Kind + "." + b.Name)
	return namedLogger{Logger: l, binaryFile: filepath.Base(b.Path), stderrCap: newStreamCap(l, "stderr", MaxOutputStream)}
}
