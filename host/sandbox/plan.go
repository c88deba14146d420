package sandbox

import (
	"fmt"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// planSandboxes maps a project's services to a sample's sandboxes, for the container providers:
// the default one (the "default" service, else the first), with own each member's own (the
// service named ownOf[member], or a copy of the default one when there is no compose file), and
// the remaining services by name. provider names the provider in errors.
func planSandboxes(provider string, project *compose.Project, composeFile string, members []string,
	ownOf map[string]string, own bool) ([]planned, error) {
	svcs := project.Services
	byName := map[string]compose.Service{}
	for _, v := range svcs {
		byName[v.Name] = v
	}
	def, ok := byName[compose.DefaultService]
	if !ok {
		def = svcs[0]
	}
	out := []planned{{name: "", svc: def}}
	used := map[string]bool{def.Name: true}
	if own {
		for _, m := range members {
			name := ownOf[m]
			svc, ok := byName[name]
			switch {
			case !ok && composeFile != "":
				return nil, fmt.Errorf("%s sandbox: member %q has its own sandbox %q, but the compose file %s has no service %q",
					provider, m, name, composeFile, name)
			case !ok:
				svc = def
				svc.Name = name
			}
			used[name] = true
			out = append(out, planned{name: name, svc: svc})
		}
	}
	for _, v := range svcs {
		if !used[v.Name] {
			out = append(out, planned{name: v.Name, svc: v})
		}
	}
	return out, nil
}

// ownSandboxes maps each member to its own sandbox's name: the member's, unless spec names another.
func ownSandboxes(spec SampleSpec) map[string]string {
	out := make(map[string]string, len(spec.Members))
	for _, m := range spec.Members {
		out[m] = m
		if name := spec.Sandboxes[m]; name != "" {
			out[m] = name
		}
	}
	return out
}
