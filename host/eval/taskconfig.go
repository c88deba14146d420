package eval

import (
	"maps"
	"slices"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
)

// inheritedConfigKeys are the operational keys of an Inspect task's
// GenerateConfig that reach every model, not only the eval's (Inspect's
// Model._resolve_config: a model other than the active one inherits
// these, and only these).
var inheritedConfigKeys = []string{"max_retries", "timeout", "max_connections"}

// withTaskConfig is the generate config of the named model block under an
// Inspect task's GenerateConfig, as Inspect resolves it: the task's keys
// over the block's own for the eval's model (the first member's, the one
// the log names), its operational keys only for any other model; a call's
// own config still overrides both. Keys the host's models do not take are
// left out: the task plugin applies them to the calls of the task's own
// solver, which runs in it. own is not changed.
func (r *evalRun) withTaskConfig(name string, own map[string]any) map[string]any {
	if r.inspect == nil || len(r.inspect.desc.Config) == 0 {
		return own
	}
	out := maps.Clone(own)
	if out == nil {
		out = map[string]any{}
	}
	for k, v := range r.inspect.desc.Config {
		if v == nil || hostmodel.ValidateConfig(map[string]any{k: v}) != nil {
			continue
		}
		if name == r.evalModelName() || slices.Contains(inheritedConfigKeys, k) {
			out[k] = v
		}
	}
	return out
}

// evalModelName is the model block of the eval's model: the first member's
// that names one (defaultModelBlock).
func (r *evalRun) evalModelName() string {
	for _, entry := range r.sw.Roster {
		if r.suite.Models[entry.Member.Model] != nil {
			return entry.Member.Model
		}
	}
	return ""
}
