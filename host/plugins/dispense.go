package plugins

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// Info returns the metadata (names, versions, config schemas) of every
// plugin of b.Kind that b's binary serves, starting the binary if needed.
// It is fetched once per process and kind, then served from memory; a
// binary that serves no plugin of that kind is a [*NotServedError].
func (m *Manager) Info(ctx context.Context, b Binary) ([]base.MetadataResponse, error) {
	p, err := m.Start(ctx, b)
	if err != nil {
		return nil, err
	}
	return m.metadata(ctx, p, b)
}

// Describe returns what [Manager.Info] does and the plugin protocol
// version b's process negotiated, from b's binary started as one process
// of its own (not forked from a zygote): a pooled Python plugin then
// answers at once, instead of as worker 0, whose handshake waits for the
// pool's zygote to import the plugin's libraries. The process is kept as
// worker 0 would be, so a Manager that later runs b's pool uses it as
// worker 0. For listing plugins (`swarmhost plugins`).
func (m *Manager) Describe(ctx context.Context, b Binary) ([]base.MetadataResponse, int, error) {
	b.Workers = 1
	p, err := m.Start(ctx, b)
	if err != nil {
		return nil, 0, err
	}
	infos, err := m.metadata(ctx, p, b)
	return infos, p.ProtocolVersion(), err
}

// Agent returns the agent client of b's process; b.Kind must be agent and
// the binary must serve an agent named b.Name. Call .Agent(b.Name) on it.
func (m *Manager) Agent(ctx context.Context, b Binary) (AgentClient, error) {
	raw, err := m.dispense(ctx, b, hostrpc.KindAgent)
	if err != nil {
		return nil, err
	}
	return raw.(AgentClient), nil
}

// Controller returns the controller client of b's process; b.Kind must be
// controller and the binary must serve a controller named b.Name.
func (m *Manager) Controller(ctx context.Context, b Binary) (ControllerClient, error) {
	raw, err := m.dispense(ctx, b, hostrpc.KindController)
	if err != nil {
		return nil, err
	}
	return raw.(ControllerClient), nil
}

// Scorer returns the scorer client of b's process; b.Kind must be scorer
// and the binary must serve a scorer named b.Name.
func (m *Manager) Scorer(ctx context.Context, b Binary) (ScorerClient, error) {
	raw, err := m.dispense(ctx, b, hostrpc.KindScorer)
	if err != nil {
		return nil, err
	}
	return raw.(ScorerClient), nil
}

// Task returns the task client of b's process; b.Kind must be task and the
// binary must serve a task plugin named b.Name. The same process serves
// the task's own agent and scorers when they are dispensed from b.Path.
func (m *Manager) Task(ctx context.Context, b Binary) (TaskClient, error) {
	raw, err := m.dispense(ctx, b, hostrpc.KindTask)
	if err != nil {
		return nil, err
	}
	return raw.(TaskClient), nil
}

// dispense checks that b's binary serves b.Name under kind and returns the
// kind's client.
func (m *Manager) dispense(ctx context.Context, b Binary, kind string) (any, error) {
	if b.Kind != kind {
		return nil, fmt.Errorf("%s is not a %s plugin", b, kind)
	}
	p, err := m.Start(ctx, b)
	if err != nil {
		return nil, err
	}
	infos, err := m.metadata(ctx, p, b)
	if err != nil {
		return nil, err
	}
	names := ServedNames(infos)
	if !slices.Contains(names, b.Name) {
		return nil, &NotServedError{Binary: b, Served: names}
	}
	return p.dispense(kind)
}

// info fetches the metadata of b.Kind once; concurrent first callers wait
// for one fetch (or their ctx).
func (p *Process) info(ctx context.Context, b Binary) ([]base.MetadataResponse, error) {
	select {
	case p.infoLock <- struct{}{}:
		defer func() { <-p.infoLock }()
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: metadata: %w", b, ctx.Err())
	}
	p.mu.Lock()
	infos, ok := p.infos[b.Kind]
	p.mu.Unlock()
	if ok {
		return infos, nil
	}
	infos, err := p.fetchInfo(ctx, b)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.infos[b.Kind] = infos
	p.mu.Unlock()
	return infos, nil
}

// fetchInfo makes the metadata call. The SDK's clients keep only the gRPC
// status message, so a kind the binary does not serve is recognised by
// gRPC's "unknown service" wording.
func (p *Process) fetchInfo(ctx context.Context, b Binary) ([]base.MetadataResponse, error) {
	raw, err := p.dispense(b.Kind)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b, err)
	}
	p.mu.Lock()
	p.infoCalls++
	p.mu.Unlock()
	infos, err := raw.(lister).Plugins(ctx)
	switch {
	case err == nil:
		return infos, nil
	case strings.Contains(err.Error(), "unknown service"):
		return nil, &NotServedError{Binary: b}
	case p.Err() != nil:
		return nil, fmt.Errorf("%s: %s metadata: %w", b, b.Kind, p.Err())
	}
	return nil, fmt.Errorf("%s: %s metadata: %w", b, b.Kind, err)
}

// NotServedError is a binary asked for a kind or a name it does not serve.
type NotServedError struct {
	// Binary is what was asked for.
	Binary Binary
	// Served are the names the binary serves under Binary.Kind; empty when
	// it serves no plugin of that kind.
	Served []string
}

// Error says what the binary serves instead, and how to use it: a binary
// found as swarmhost-<kind>-<name> but serving another name was renamed
// (or built from another plugin).
func (e *NotServedError) Error() string {
	if len(e.Served) == 0 {
		return fmt.Sprintf("%s: the binary serves no %s plugins", e.Binary, e.Binary.Kind)
	}
	quoted := make([]string, len(e.Served))
	for i, n := range e.Served {
		quoted[i] = fmt.Sprintf("%q", n)
	}
	return fmt.Sprintf("%s: the binary serves %s plugin %s, not %q (a plugin's name is the one its Metadata "+
		"returns, not its file's): use it as %s %q, named %s on the plugin path or through a plugin block's source",
		e.Binary, e.Binary.Kind, strings.Join(quoted, ", "), e.Binary.Name, e.Binary.Kind, e.Served[0],
		BinaryName(e.Binary.Kind, e.Served[0]))
}

// ServedNames are the names in a binary's metadata.
func ServedNames(infos []base.MetadataResponse) []string {
	names := make([]string, len(infos))
	for i, md := range infos {
		names[i] = md.Name
	}
	return names
}
