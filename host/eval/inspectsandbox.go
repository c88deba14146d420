package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/docker"
)

// sampleProviders are the providers of an Inspect task's samples that bring
// a sandbox of their own (Inspect's Sample.sandbox), by type and config,
// made before any sample runs.
type sampleProviders struct {
	byKey map[string]sandbox.Provider
	// own are the distinct sandboxes the dataset's rows bring, in the
	// order they first appear, each with the rows that bring it.
	own []ownSandbox
}

// ownSandbox is a sandbox some rows bring, and those rows.
type ownSandbox struct {
	sandbox *dataset.SampleSandbox
	rows    []dataset.Entry
}

// note records that the row e brings the sandbox sb (nil: none).
func (p *sampleProviders) note(sb *dataset.SampleSandbox, e dataset.Entry) {
	if sb == nil {
		return
	}
	for i := range p.own {
		if sandboxKey(p.own[i].sandbox) == sandboxKey(sb) {
			p.own[i].rows = append(p.own[i].rows, e)
			return
		}
	}
	p.own = append(p.own, ownSandbox{sandbox: sb, rows: []dataset.Entry{e}})
}

// sandboxKey names a sample's sandbox spec.
func sandboxKey(sb *dataset.SampleSandbox) string { return sb.Type + "\x00" + string(sb.Config) }

// prepareSampleSandboxes makes a provider for every distinct sandbox the
// Inspect task's samples bring that is not the task's own: docker with a
// compose file, or local. A type the project has no provider for (or a
// docker sandbox without a compose file) fails the eval before any sample
// runs, naming the sample.
func (r *evalRun) prepareSampleSandboxes(ctx context.Context, _ Plugins) error {
	if r.inspect == nil {
		return nil
	}
	r.planIndex()
	for _, own := range r.extra.own {
		first, planned := r.firstPlanned(own.rows)
		if !planned || r.isTaskSandbox(own.sandbox) {
			continue
		}
		p, err := r.sampleProvider(ctx, own.sandbox)
		if err != nil {
			return fmt.Errorf("sample %v: its own sandbox: %w", first.ID, err)
		}
		if r.extra.byKey == nil {
			r.extra.byKey = map[string]sandbox.Provider{}
		}
		r.extra.byKey[sandboxKey(own.sandbox)] = p
	}
	return nil
}

// firstPlanned is the first of rows, in plan order, that the run plans.
func (r *evalRun) firstPlanned(rows []dataset.Entry) (dataset.Entry, bool) {
	best, found := dataset.Entry{}, false
	for _, e := range rows {
		if k, ok := r.planAt[e.Pos]; ok && (!found || k < r.planAt[best.Pos]) {
			best, found = e, true
		}
	}
	return best, found
}

// isTaskSandbox reports whether a sample's sandbox is the task's.
func (r *evalRun) isTaskSandbox(sb *dataset.SampleSandbox) bool {
	task := r.inspect.desc.Sandbox
	return task != nil && task.Type == sb.Type && string(task.Config) == string(sb.Config)
}

// sampleProvider makes the provider of a sample's own sandbox.
func (r *evalRun) sampleProvider(ctx context.Context, sb *dataset.SampleSandbox) (sandbox.Provider, error) {
	var path string
	_ = json.Unmarshal(sb.Config, &path)
	switch {
	case sb.Type == config.SandboxLocal:
		dir, err := os.MkdirTemp(r.root, "sample-")
		if err != nil {
			return nil, err
		}
		return sandbox.NewLocal(dir), nil
	case sb.Type == config.SandboxDocker && path != "" && isComposeFile(path):
		perMember, network := false, false
		// a sample's compose file takes from the host what the task's
		// sandbox allows, within the suite's directory; nothing, within
		// its own directory, when the task has no sandbox block
		var opts compose.Options
		if t := r.task.Sandbox; t != nil {
			perMember, network, opts = t.PerMember, t.Network, t.ComposeOptions()
		}
		d, err := docker.New(ctx, docker.Config{Compose: path, ComposeOptions: opts, PerMember: perMember, Network: network,
			Run: r.e.Name + "-" + r.started.UTC().Format("20060102T150405.000")})
		if err != nil {
			return nil, err // not d: a nil *docker.Provider in the Provider interface is not nil
		}
		return d, nil
	case sb.Type == config.SandboxDocker:
		return nil, fmt.Errorf("docker with %q: swarmhost runs compose files whose services name images built here (it never builds or pulls)", path)
	}
	return nil, fmt.Errorf("the sandbox type %q has no provider in swarmhost (it has local, docker with compose files, and kubernetes)", sb.Type)
}

// providerFor is the provider of a sample × epoch's sandboxes: its own
// sandbox's, else the task's.
func (r *evalRun) providerFor(j job) sandbox.Provider {
	if sb := j.sample.Sandbox; sb != nil && r.extra.byKey != nil {
		if p := r.extra.byKey[sandboxKey(sb)]; p != nil {
			return p
		}
	}
	return r.sandboxes
}

// closeSampleProviders closes the samples' own providers.
func (r *evalRun) closeSampleProviders() {
	for _, p := range r.extra.byKey {
		_ = p.Close()
	}
}

// isComposeFile reports whether path names a compose file.
func isComposeFile(path string) bool {
	n := len(path)
	return n > 5 && (path[n-5:] == ".yaml" || path[n-4:] == ".yml")
}
