package swarm

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/swarmhost/swarmhost/host/internal/shortid"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// memberHost is one member's agent.Host: every call it serves is the
// member's own, bound by the host, never named by the agent.
type memberHost struct {
	r *runtime
	m *memberState
}

// Generate makes one model call unless the host refuses it: the limits are
// checked before the call is dispatched and after it is recorded (see
// admit and settle). A call cancelled in flight is counted as such, its
// usage unknown.
func (h *memberHost) Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	r, m := h.r, h.m
	ctx, end, err := r.beginCall(ctx, m)
	if err != nil {
		return agent.GenerateResponse{}, err
	}
	defer end()
	// the turn boundary's notice first, as Inspect Swarm's hook gives it
	// before the call: a member whose call is then refused (the swarm is
	// stopping) has still been told
	sending := req.Messages
	var notice *model.Message
	if !req.OwnNotices {
		if msg, ok := r.notice(m.spec.Name); ok {
			notice = &msg
			sending = append(slices.Clip(sending), msg)
		}
	}
	if err := r.enforce(func() (string, string) { return r.admit(m, int64(len(sending))) }); err != nil {
		return agent.GenerateResponse{}, err
	}
	provider := m.spec.Model
	if provider == nil {
		return agent.GenerateResponse{}, fmt.Errorf("member %s has no model", m.spec.Name)
	}
	messages, tools := m.conv.share(sending), m.conv.shareTools(req.Tools)
	start := time.Now()
	res, err := provider.Generate(ctx, hostmodel.Request{Caller: r.session + "/" + m.spec.Name,
		Epoch: r.sample.Epoch, Messages: messages, Tools: tools, ToolChoice: req.ToolChoice, Config: req.Config})
	out := res.Output
	if out.Message.Role != "" && out.Message.ID == "" {
		out.Message.ID = shortid.New() // the agent sends it back with the id (see conversation.share)
	}
	ev := Event{Kind: EventModel, Time: start, Completed: time.Now(), SpanID: m.span,
		Member: m.spec.Name, ModelName: provider.Name(), Input: messages, Tools: tools, ToolChoice: req.ToolChoice, Output: out,
		Retries: res.Retries, Cache: res.Cache, Config: res.Config}
	if err != nil {
		ev.Error = err.Error()
		r.events.add(ev)
		r.mu.Lock()
		r.lost(m, ctx.Err() != nil)
		r.mu.Unlock()
		return agent.GenerateResponse{}, fmt.Errorf("model %s: %w", provider.Name(), err)
	}
	r.events.add(ev)
	settled := func() (string, string) {
		r.byModel[provider.Name()] = r.byModel[provider.Name()].Add(out.Usage)
		r.charge(m, out.Usage, int64(len(messages))+1)
		return r.settle(m)
	}
	if err := r.enforce(settled); err != nil {
		return agent.GenerateResponse{}, err
	}
	return agent.GenerateResponse{Output: out, Notice: notice}, nil
}

// enforce runs a limit check (admit or settle) under r.mu, stops the swarm
// when it says so (or ends the sample, for a sample limit) and turns its
// cause into a refusal. (It is no answer gate: gate checks are scorers'.)
func (r *runtime) enforce(check func() (cause, stop string)) error {
	r.mu.Lock()
	cause, stop := check()
	sampleLimit := isSampleLimit(stop)
	aborted := sampleLimit && r.abortLocked(nil, stop)
	started := stop != "" && !sampleLimit && r.beginStop(stop)
	r.mu.Unlock()
	if aborted {
		r.announceStop(stop)
		r.hardCancel()
	}
	if started {
		r.announceStop(stop)
	}
	if cause != "" {
		return &agent.RefusedError{Cause: cause}
	}
	return nil
}

// ListTools lists the member's tools.
func (h *memberHost) ListTools(context.Context) ([]model.ToolInfo, error) {
	if h.m.spec.Tools == nil {
		return nil, nil
	}
	return h.m.spec.Tools.List(), nil
}

// CallTool runs one tool call and records it.
func (h *memberHost) CallTool(ctx context.Context, call model.ToolCall) (agent.ToolResult, error) {
	ctx, end, err := h.r.beginToolCall(ctx, h.m)
	if err != nil {
		return agent.ToolResult{}, err
	}
	defer end()
	start := time.Now()
	var res agent.ToolResult
	if h.m.spec.Tools == nil {
		res.Error = &model.ToolError{Type: "unknown", Message: "unknown tool " + call.Function + ": this member has no tools"}
	} else {
		res.Content, res.Error = h.m.spec.Tools.Call(ctx, call)
	}
	h.r.events.add(Event{Kind: EventTool, Time: start, Completed: time.Now(), SpanID: h.m.span,
		Member: h.m.spec.Name, Call: call, Result: res.Content, ToolError: res.Error})
	return res, nil
}

// Submit runs the gate check on a candidate answer, when gate checks are on.
func (h *memberHost) Submit(ctx context.Context, answer string) (agent.Verdict, error) {
	if h.r.spec.Gate == nil {
		return agent.Verdict{}, nil
	}
	ctx, end, err := h.r.beginCall(ctx, h.m)
	if err != nil {
		return agent.Verdict{}, err
	}
	defer end()
	v, err := h.r.spec.Gate(ctx, h.m.spec.Name, answer)
	if err != nil {
		return agent.Verdict{}, err
	}
	h.r.mu.Lock()
	h.m.gateChecks++
	h.m.lastGate.Checked, h.m.lastGate.Passed = true, v.Passed
	if v.Passed {
		h.m.gatePasses++
		if h.m.firstPass == nil {
			t := h.r.clock()
			h.m.firstPass = &t
		}
	}
	h.r.mu.Unlock()
	v.Checked = true
	h.r.publish()
	return v, nil
}

// StopSelf ends the member by its own decision, as an agent raising a
// sourceless custom limit error does in Inspect Swarm: its status is
// "member_limit:custom" (unless a cause already holds) and its later calls
// are refused; its siblings go on.
func (h *memberHost) StopSelf(_ context.Context, reason string) error {
	h.r.mu.Lock()
	if h.m.cause == "" {
		h.m.cause = MemberLimit(LimitCustom)
	}
	h.r.mu.Unlock()
	h.r.log.Debug("member stopped itself", "member", h.m.spec.Name, "reason", reason)
	return nil
}

// Log writes the agent's line under the member's name.
func (h *memberHost) Log(_ context.Context, level, message string, fields map[string]any) error {
	args := []any{"member", h.m.spec.Name}
	for k, v := range fields {
		args = append(args, k, v)
	}
	h.r.log.Named(h.m.spec.Name).Log(hclogLevel(level), message, args...)
	return nil
}

// TakeNotice gives the member its notice now, for an agent that keeps its
// notices itself at its turn boundaries (and sets OwnNotices on its calls).
// A stopping member still gets it, as Inspect Swarm's hook runs before the
// call the stop refuses.
func (h *memberHost) TakeNotice(ctx context.Context) (*model.Message, error) {
	_, end, err := h.r.beginCall(ctx, h.m)
	if err != nil {
		return nil, err
	}
	defer end()
	if msg, ok := h.r.notice(h.m.spec.Name); ok {
		return &msg, nil
	}
	return nil, nil
}

// Interface guards.
var (
	_ agent.Host        = (*memberHost)(nil)
	_ agent.SelfStopper = (*memberHost)(nil)
	_ agent.NoticeTaker = (*memberHost)(nil)
)

// RecordTool logs a tool call the agent ran itself (an Inspect agent's own
// submit tool) as a tool event in the member's span, so the log and the
// member's metrics count it as they count CallTool's.
func (h *memberHost) RecordTool(_ context.Context, call model.ToolCall, res agent.ToolResult) error {
	now := time.Now()
	h.r.events.add(Event{Kind: EventTool, Time: now, Completed: now, SpanID: h.m.span,
		Member: h.m.spec.Name, Call: call, Result: res.Content, ToolError: res.Error})
	return nil
}

var _ agent.ToolRecorder = (*memberHost)(nil)
