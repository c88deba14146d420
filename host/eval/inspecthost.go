package eval

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/swarmhost/swarmhost/host/agenttools"
	"github.com/swarmhost/swarmhost/host/inspecttask"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// setupHost is what an Inspect task's setup steps reach while they run
// for one sample × epoch (plugins.TaskHost), as a setup solver does in
// Inspect: every sandbox of the sample by name ("" is the default one,
// Inspect's "default"), so what a setup step writes is there for the
// members; and the eval's model (the log's: the first member's), each call
// counted in the sample's usage and logged in the setup's span.
type setupHost struct {
	sbs   sandbox.Set
	model *scorerModel
}

var _ plugins.TaskHost = (*setupHost)(nil)

// newSetupHost is the sample's setupHost; its model calls are recorded as
// the sample's setup calls (setupEvents).
func (s *sampleRun) newSetupHost() *setupHost {
	h := &setupHost{sbs: s.sbs}
	for _, m := range s.r.members {
		if m.Model == nil {
			continue
		}
		caller := fmt.Sprintf("%v/%d/setup", s.j.sample.ID, s.j.epoch)
		h.model = &scorerModel{provider: m.Model, caller: caller, epoch: s.j.epoch, logged: true,
			usage: map[string]model.Usage{}}
		s.scoreCalls.mu.Lock()
		s.scoreCalls.all = append(s.scoreCalls.all, h.model) // counted in the sample's usage
		s.scoreCalls.setup = h.model
		s.scoreCalls.mu.Unlock()
		break
	}
	return h
}

// setupUsage is the usage of the setup steps' model calls, summed over
// models: it counts toward the sample's limits (swarm.Spec.SampleUsage).
func (s *sampleRun) setupUsage() model.Usage {
	s.scoreCalls.mu.Lock()
	m := s.scoreCalls.setup
	s.scoreCalls.mu.Unlock()
	var sum model.Usage
	if m == nil {
		return sum
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, name := range slices.Sorted(maps.Keys(m.usage)) {
		sum = sum.Add(m.usage[name])
	}
	return sum
}

// setupEvents are the model events of the setup steps' calls.
func (s *sampleRun) setupEvents() []swarm.Event {
	s.scoreCalls.mu.Lock()
	m := s.scoreCalls.setup
	s.scoreCalls.mu.Unlock()
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.events)
}

// SandboxNames lists every sandbox of the sample, the default ("") first.
func (h *setupHost) SandboxNames(context.Context) ([]string, error) {
	if h.sbs == nil {
		return nil, errors.New("the sample has no sandbox")
	}
	return h.sbs.Names(), nil
}

func (h *setupHost) env(name string) (sandbox.Env, error) {
	if h.sbs == nil {
		return nil, errors.New("the sample has no sandbox")
	}
	env, err := h.sbs.Named(name)
	if err == nil && env == nil {
		err = fmt.Errorf("no sandbox %q in the sample (it has %q)", name, h.sbs.Names())
	}
	return env, err
}

// SandboxExec runs a command, bounded by agenttools.ToolTimeout as a
// member's is.
func (h *setupHost) SandboxExec(ctx context.Context, req agent.ExecRequest) (agent.ExecResult, error) {
	return sandboxCalls(h.env).exec(ctx, req)
}

// SandboxReadFile reads a file.
func (h *setupHost) SandboxReadFile(ctx context.Context, name, path string) ([]byte, error) {
	return sandboxCalls(h.env).readFile(ctx, name, path)
}

// SandboxWriteFile writes a file.
func (h *setupHost) SandboxWriteFile(ctx context.Context, name, path string, content []byte) error {
	return sandboxCalls(h.env).writeFile(ctx, name, path, content)
}

// Generate calls the eval's model; an eval whose members have no model
// offers none.
func (h *setupHost) Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	if h.model == nil {
		return agent.GenerateResponse{}, errors.New("the eval has no model: no member names one")
	}
	out, err := h.model.Generate(ctx, scorer.GenerateRequest{Messages: req.Messages, Tools: req.Tools,
		ToolChoice: req.ToolChoice, Config: req.Config})
	return agent.GenerateResponse{Output: out.Output}, err
}

// memberTaskHost is what a task tool reaches when a member other than the
// task's own solver calls it: the member's sandboxes (its own, or the
// sample's, as "", and those visible to it), as its own tools reach them;
// no model.
type memberTaskHost struct{ sb swarm.Sandboxes }

var _ plugins.TaskHost = memberTaskHost{}

func (h memberTaskHost) SandboxNames(context.Context) ([]string, error) { return h.sb.Names(), nil }

func (h memberTaskHost) SandboxExec(ctx context.Context, req agent.ExecRequest) (agent.ExecResult, error) {
	return h.sb.Exec(ctx, req)
}

func (h memberTaskHost) SandboxReadFile(ctx context.Context, name, path string) ([]byte, error) {
	return h.sb.ReadFile(ctx, name, path)
}

func (h memberTaskHost) SandboxWriteFile(ctx context.Context, name, path string, content []byte) error {
	return h.sb.WriteFile(ctx, name, path, content)
}

func (memberTaskHost) Generate(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
	return agent.GenerateResponse{}, plugins.ErrNoTaskModel
}

// taskTools serves one member the tools the task's setup steps gave the
// sample (Inspect's state.tools), run by the task plugin on the sample's
// state: a member other than the task's own solver gets them beside its
// own, as an Inspect agent in the task's solver chain would. A tool whose
// name one of the member's own tools has is not offered (the member's
// wins).
type taskTools struct {
	in     *inspectRun
	sample string
	epoch  int
	member string
	tools  []model.ToolInfo
	host   memberTaskHost
}

// List returns the task's tools offered to the member.
func (t *taskTools) List() []model.ToolInfo { return t.tools }

// Call runs the tool in the task plugin; a failure to reach it is the
// call's error, as a sandbox tool's failure is.
func (t *taskTools) Call(ctx context.Context, call model.ToolCall) (string, *model.ToolError) {
	res, err := t.in.client.CallTool(ctx, plugins.TaskToolCall{Task: t.in.ref, SampleID: t.sample, Epoch: t.epoch,
		Member: t.member, Call: call, Host: t.host})
	if err != nil {
		return "", &model.ToolError{Type: "unknown", Message: fmt.Sprintf("the task's tool %s: %v", call.Function, err)}
	}
	return res.Content, res.Error
}

// withTaskTools adds the sample's task tools to a member's tools, for
// every member but the task's own solver (which runs them in its own
// process); own's tools of the same name win.
func (s *sampleRun) withTaskTools(m swarm.Member, own swarm.Tools, sb swarm.Sandboxes) swarm.Tools {
	in := s.r.inspect
	if in == nil || len(s.taskTools) == 0 || m.AgentName == inspecttask.SolverAgent {
		return own
	}
	var mine []model.ToolInfo
	if own != nil {
		mine = own.List()
	}
	var offered []model.ToolInfo
	for _, ti := range s.taskTools {
		if !slices.ContainsFunc(mine, func(o model.ToolInfo) bool { return o.Name == ti.Name }) {
			offered = append(offered, ti)
		}
	}
	if len(offered) == 0 {
		return own
	}
	tt := &taskTools{in: in, sample: fmt.Sprint(s.j.sample.ID), epoch: s.j.epoch, member: m.Name, tools: offered,
		host: memberTaskHost{sb: sb}}
	if own == nil {
		return tt
	}
	return agenttools.Combined{own, tt}
}
