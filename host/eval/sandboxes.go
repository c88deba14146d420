package eval

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/docker"
)

// providers are the container sandbox providers a task's `sandbox` block
// can name, by type: registered here, explicitly, not by the providers'
// packages as a side effect of their import. No block, or any other type
// ("local"), is the local provider.
var providers = map[string]func(r *evalRun, ctx context.Context) (sandbox.Provider, error){
	config.SandboxDocker:     (*evalRun).dockerProvider,
	config.SandboxKubernetes: (*evalRun).kubernetesProvider,
}

// newProvider makes the run's sandbox provider from the task's sandbox
// block: local directories under root (also without a block), or
// containers, connected and checked (engine, compose file, images) before
// any sample runs.
func (r *evalRun) newProvider(ctx context.Context, root string) (sandbox.Provider, error) {
	if sb := r.task.Sandbox; sb != nil {
		if newProvider, ok := providers[sb.Type]; ok {
			return newProvider(r, ctx)
		}
	}
	return sandbox.NewLocal(root), nil
}

// dockerProvider connects the task's `sandbox "docker"` block to the engine
// DOCKER_HOST names.
func (r *evalRun) dockerProvider(ctx context.Context) (sandbox.Provider, error) {
	sb := r.task.Sandbox
	d, err := docker.New(ctx, docker.Config{Compose: sb.Compose, ComposeOptions: sb.ComposeOptions(), Image: sb.Image,
		PerMember: sb.PerMember, Network: sb.Network, Run: r.e.Name + "-" + r.started.UTC().Format("20060102T150405.000")})
	if err != nil {
		// not d: a nil *docker.Provider in the Provider interface is not nil
		return nil, err
	}
	return d, nil
}

// memberSandboxes reports whether members have sandboxes of their own
// (per_member on the task's sandbox, or `sandbox` on the member blocks),
// and names those that are not named after their member.
// The roster is fixed for the run, so the answer is computed once: every
// member's preamble asks (twice), and a scan per member is O(N²) in all.
func (r *evalRun) memberSandboxes() (bool, map[string]string) {
	r.sbOnce.Do(func() { r.sbOwn, r.sbNames = r.scanMemberSandboxes() })
	return r.sbOwn, r.sbNames
}

func (r *evalRun) scanMemberSandboxes() (bool, map[string]string) {
	own := r.task.Sandbox != nil && r.task.Sandbox.PerMember
	names := map[string]string{}
	for _, e := range r.sw.Roster {
		if name := config.MemberSandbox(e); name != "" {
			own = true
			if name != e.Name {
				names[e.Name] = name
			}
		}
	}
	return own, names
}

// visibleSandboxes are the services the i-th member's tools may reach by
// name (its block's visible_sandboxes), from the sample's set.
func (s *sampleRun) visibleSandboxes(i int) (map[string]sandbox.Env, error) {
	names := s.r.sw.Roster[i].Member.VisibleSandboxes
	if len(names) == 0 {
		return nil, nil
	}
	out := make(map[string]sandbox.Env, len(names))
	for _, n := range names {
		env, err := s.sbs.Named(n)
		if err != nil {
			return nil, err
		}
		out[n] = env
	}
	return out, nil
}

// checkVisible checks that every member's visible sandboxes exist in the
// sample (the swarm checks that they exist when it starts, as Inspect's).
func (s *sampleRun) checkVisible() error {
	for i, e := range s.r.sw.Roster {
		if _, err := s.visibleSandboxes(i); err != nil {
			return fmt.Errorf("member %s: visible_sandboxes: %w", e.Name, err)
		}
	}
	return nil
}

// sharedFilesystem reports whether the filesystem channel's shared directory
// exists for every member: always on local sandboxes, and on containers or
// pods only when members share the sample's.
func (r *evalRun) sharedFilesystem() bool {
	own, _ := r.memberSandboxes()
	return !config.Containers(r.task.Sandbox) || !own
}
