package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// Plan maps a project's services to a sample's sandboxes, for the container providers:
// the default one (the "default" service, else the first), with own each member's own (the
// service named ownOf[member], or a copy of the default one when there is no compose file), and
// the remaining services by name. provider names the provider in errors.
func Plan(provider string, project *compose.Project, composeFile string, members []string,
	ownOf map[string]string, own bool) ([]Planned, error) {
	svcs := project.Services
	byName := map[string]compose.Service{}
	for _, v := range svcs {
		byName[v.Name] = v
	}
	def, ok := byName[compose.DefaultService]
	if !ok {
		def = svcs[0]
	}
	out := []Planned{{Name: "", Service: def}}
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
			out = append(out, Planned{Name: name, Service: svc})
		}
	}
	for _, v := range svcs {
		if !used[v.Name] {
			out = append(out, Planned{Name: v.Name, Service: v})
		}
	}
	return out, nil
}

// OwnSandboxes maps each member to its own sandbox's name: the member's, unless spec names another.
func OwnSandboxes(spec sandbox.SampleSpec) map[string]string {
	out := make(map[string]string, len(spec.Members))
	for _, m := range spec.Members {
		out[m] = m
		if name := spec.Sandboxes[m]; name != "" {
			out[m] = name
		}
	}
	return out
}

// Preparer is a container provider's sandbox that takes a sample's files and setup.
type Preparer interface {
	// Prepare writes files into the sandbox, then runs setup in it.
	Prepare(ctx context.Context, files map[string][]byte, setup string) error
}

// PrepareEnvs writes the files (with the filesystem channel's layout in the default sandbox) and
// runs the setup in the default sandbox and, when members have their own, in each member's,
// all at once; byName maps sandbox names to environments and ownOf members to their sandbox's name.
func PrepareEnvs[E Preparer](ctx context.Context, byName map[string]E, ownOf map[string]string, own bool,
	members []string, files map[string][]byte, setup string) error {
	targets := []E{byName[""]}
	if own {
		for _, m := range members {
			targets = append(targets, byName[ownOf[m]])
		}
	}
	errs := make([]error, len(targets))
	var wg sync.WaitGroup
	for i, e := range targets {
		wg.Go(func() {
			fs := files
			if i == 0 {
				fs = withLayout(files, members)
			}
			errs[i] = e.Prepare(ctx, fs, setup)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Planned is one container to make: the sandbox name and its service.
type Planned struct {
	Name    string
	Service compose.Service
}

// withLayout adds the filesystem channel's notes file and scratch markers.
func withLayout(files map[string][]byte, members []string) map[string][]byte {
	out := make(map[string][]byte, len(files)+len(members)+1)
	for k, v := range files {
		out[k] = v
	}
	out[sandbox.NotesFile] = nil
	for _, m := range members {
		out[sandbox.ScratchDir+"/"+m+"/"] = nil
	}
	return out
}
