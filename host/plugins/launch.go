package plugins

import (
	"path/filepath"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// clientConfig is the go-plugin configuration of one plugin process.
func (p *Process) clientConfig(opts Options) *plugin.ClientConfig {
	cfg := &plugin.ClientConfig{
		HandshakeConfig:  hostrpc.Handshake,
		VersionedPlugins: tapPlugins(hostrpc.VersionedPlugins(), p.watchExit),
		RunnerFunc:       p.hostRunnerFunc,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		GRPCDialOptions:  append(hostrpc.DialOptions(), grpc.WithChainStreamInterceptor(brokerGuard)),
		Managed:          true,
		Logger:           p.log,
		Stderr:           p.tail,
		SyncStdout:       p.stdout,
		SyncStderr:       p.stderr,
		StartTimeout:     opts.StartTimeout,
	}
	if p.zyg != nil {
		cfg.RunnerFunc = p.zygoteRunnerFunc // falls back to hostRunnerFunc
	}
	if dir, err := isolate.RunDir(); err == nil {
		// go-plugin's socket directory (plugin-dir*) in the run directory,
		// which the next host sweeps if this one is SIGKILLed.
		cfg.UnixSocketConfig = &plugin.UnixSocketConfig{TempDir: dir}
	}
	if p.bin.Trust == Untrusted {
		p.sandbox(cfg, opts)
	}
	withHostMTLS(cfg) // go-plugin's AutoMTLS, with a cheaper key (mtls.go)
	return cfg
}

// pluginLogger names a process's logger plugin.<kind>.<name> under the host
// logger, adding the "plugin" segment unless the host logger already ends
// with it.
func pluginLogger(host hclog.Logger, b Binary) hclog.Logger {
	if name := host.Name(); name != "plugin" && !strings.HasSuffix(name, ".plugin") {
		host = host.Named("plugin")
	}
	l := host.Named(b.Kind + "." + b.Name)
	if b.Instance != "" {
		l = l.With("instance", b.Instance) // a pool's worker, or a member's own process
	}
	return namedLogger{Logger: l, binaryFile: filepath.Base(b.Path), stderrCap: newStreamCap(l, "stderr", MaxOutputStream)}
}
