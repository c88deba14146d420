package pluginside

import (
	"os"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// ServeOptions tune Serve; the zero value is right for plugins.
type ServeOptions struct {
	// ProtocolVersions this binary claims to speak; default [protocol.ProtocolVersion].
	// Only tests of version negotiation set it.
	ProtocolVersions []int
	// Logger overrides the JSON-on-stderr logger the host re-levels.
	Logger hclog.Logger
}

// Serve serves p as a plugin process and returns when the host is done. It
// refuses to run when started by hand (no handshake cookie), and exits when
// its parent process goes away so no plugin outlives the host.
func Serve(p Plugins, opts ServeOptions) {
	logger := opts.Logger
	if logger == nil {
		logger = NewPluginLogger()
	}
	versions := opts.ProtocolVersions
	if len(versions) == 0 {
		versions = []int{protocol.ProtocolVersion}
	}
	vp := map[int]plugin.PluginSet{}
	for _, v := range versions {
		vp[v] = Set(p)
	}
	go watchParent(os.Getppid(), time.Second)
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig:  protocol.Handshake,
		VersionedPlugins: vp,
		GRPCServer:       protocol.NewServer,
		Logger:           logger,
		TLSProvider:      hostTLSProvider(), // nil: go-plugin's AutoMTLS
	})
}

// NewPluginLogger returns the logger a plugin should use: hclog JSON lines on
// stderr, which the host parses and re-levels under the plugin's name.
func NewPluginLogger() hclog.Logger {
	return hclog.New(&hclog.LoggerOptions{Level: hclog.Trace, Output: os.Stderr, JSONFormat: true})
}

// watchParent exits the process when it is re-parented (the host died).
func watchParent(parent int, every time.Duration) {
	for range time.Tick(every) {
		if os.Getppid() != parent {
			os.Exit(3)
		}
	}
}
