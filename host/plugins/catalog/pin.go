package catalog

import (
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// pluginPin converts a suite's plugin block for host/plugins, sandbox
// settings included.
func pluginPin(p config.PluginPin) plugins.Pin {
	return plugins.Pin{Kind: p.Kind, Name: p.Name, Source: p.Source, SHA256: p.SHA256, Trust: p.Trust,
		ReadOnly: p.ReadOnly, StartTimeout: p.StartTimeout, Workers: p.Workers, Placement: p.Placement, Limits: isolate.Limits{MemoryBytes: p.Limits.MemoryBytes, CPUSeconds: p.Limits.CPUSeconds,
			Processes: p.Limits.Processes, OpenFiles: p.Limits.OpenFiles, FileBytes: p.Limits.FileBytes}}
}
