package swarm

import (
	"maps"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// finish finalises the run after every member has ended.
func (r *runtime) finish() *Result {
	// Under r.mu, so a concurrent stop (watch) either came first and its
	// timer is stopped here, or comes later and is a no-op.
	r.mu.Lock()
	if r.graceTimer != nil {
		r.graceTimer.Stop()
	}
	if r.capTimer != nil {
		r.capTimer.Stop()
	}
	if !r.stopping {
		r.stopping, r.reason = true, StopAllDone
	}
	r.mu.Unlock()
	r.endSession()
	r.mu.Lock()
	r.finished = !r.aborted && r.reason != StopOperator
	res := &Result{Record: r.snapshot(), StopReason: r.reason, Error: r.runErr, EndedBy: r.endedBy,
		SampleLimit: r.limitHit, Interrupted: r.aborted, MemberErrors: maps.Clone(r.memberErrs),
		UsageByModel: r.modelUsage(), UsageByMember: r.usageByMember(),
		Ledger: r.ledger()}
	res.Messages = append([]model.Message(nil), r.sample.Input...)
	if r.spec.KeepMemberOutputs {
		res.MemberOutputs = make([]model.Output, len(r.members))
		for i, m := range r.members {
			res.MemberOutputs[i] = m.output
		}
	}
	if m, _, _ := r.chosen(); m != nil {
		res.Output = m.output
		if !r.aborted && !emptyOutput(m.output) {
			res.Messages = r.answerMessages(m, res.Record.Final)
		}
	}
	r.mu.Unlock()
	r.publish()
	res.Events = r.events.events()
	return res
}

// answerMessages is the sample input followed by the answer's message,
// marked with the final mode and member under inspect_swarm.final, as
// Inspect Swarm marks it.
func (r *runtime) answerMessages(m *memberState, f Final) []model.Message {
	msg := m.output.Message
	msg.Metadata = maps.Clone(msg.Metadata)
	if msg.Metadata == nil {
		msg.Metadata = map[string]any{}
	}
	msg.Metadata["inspect_swarm"] = map[string]any{"final": AnswerFinal{Mode: f.Mode, Member: f.Member}}
	return append(append([]model.Message(nil), r.sample.Input...), msg)
}

// AnswerFinal is the answer message's metadata["inspect_swarm"]["final"]:
// the mode and member that chose it, in Inspect Swarm's key order.
type AnswerFinal struct {
	Mode   *string `json:"mode"`
	Member *string `json:"member"`
}

// EmptyOutput reports an output with no message (Inspect's empty
// ModelOutput): nothing a scorer could grade.
func EmptyOutput(o model.Output) bool { return emptyOutput(o) }

// emptyOutput reports an output with no message (Inspect's empty
// ModelOutput): the conversation is then the input alone.
func emptyOutput(o model.Output) bool {
	return o.Message.Role == "" && o.Message.Content == "" && len(o.Message.ToolCalls) == 0 && o.Completion == ""
}

// endSession tells a controller that keeps state that the session is over.
func (r *runtime) endSession() {
	e, ok := r.spec.Controller.(plugins.WithEnd)
	if !ok {
		return
	}
	ctx, cancel := r.callCtx()
	defer cancel()
	if err := e.End(ctx, r.session); err != nil {
		r.log.Warn("controller end failed", "error", err)
	}
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

// usageByMember is each member's recorded usage, from its account; members
// without a recorded call are absent. Callers hold r.mu.
func (r *runtime) usageByMember() map[string]model.Usage {
	out := map[string]model.Usage{}
	for _, m := range r.members {
		if m.acct.calls > 0 {
			out[m.spec.Name] = m.acct.usage
		}
	}
	return out
}
