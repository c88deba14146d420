package eval

import (
	"iter"
	"time"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// MemberResult is the payload of a member's "member_result" info event, in
// its own span (SPEC §8), as Inspect Swarm writes it: the member, its span,
// and how it ended (the rest of its record entry is in the store).
type MemberResult struct {
	Version int    `json:"version"`
	Type    string `json:"type"`
	Kind    string `json:"kind"`
	Member  string `json:"member"`
	// SpanID is the member's span; null for a member that never had one
	// (never started, or stopped by its message limit before its agent
	// ran), as Inspect Swarm writes it.
	SpanID  *string  `json:"span_id"`
	Status  *string  `json:"status"`
	Time    *float64 `json:"time"`
	Sandbox *string  `json:"sandbox"`
	// Error is why a member that ended "errored" failed (absent otherwise).
	Error string `json:"error,omitempty"`
}

// memberResult is a record entry as a member_result payload; span is the
// member's span, "" when it had none.
func memberResult(m swarm.RecordMember, span string) MemberResult {
	r := MemberResult{Version: 1, Type: "result", Kind: "member_result", Member: m.Name,
		Status: m.Status, Time: m.Time, Sandbox: m.Sandbox}
	if span != "" {
		r.SpanID = &span
	}
	return r
}

// FinalResult is the payload of the swarm-level "final" info event, in the
// swarm's span, as Inspect Swarm writes it: the final answer rule's outcome
// and why the swarm stopped (whether the answer is provisional is in the
// record).
type FinalResult struct {
	Version    int     `json:"version"`
	Type       string  `json:"type"`
	Kind       string  `json:"kind"`
	Member     *string `json:"member"`
	SpanID     string  `json:"span_id"`
	Mode       *string `json:"mode"`
	Reason     *string `json:"reason"`
	StopReason string  `json:"stop_reason"`
}

// sampleEvents yields the runtime's events with the bus's evidence merged
// in (see mergeEvidence), the result evidence added (see withResults) and
// the ledger and metrics last (see withAccounts, the same metrics as the
// store's: both are computed from the finished run),
// one at a time: the log writer converts and encodes each as it comes, so
// no merged copy of a large swarm's evidence is ever built.
func (s *sampleRun) sampleEvents(out *swarm.Result) iter.Seq[swarm.Event] {
	var bus swarm.Events
	if s.bus != nil {
		bus = s.bus.Evidence()
	}
	if s.board != nil {
		bus = swarm.MergeByTime(bus, s.board.Evidence())
	}
	return withAccounts(withResults(mergeEvidence(out.Events, bus), out), out.Ledger, s.metrics(out))
}

// mergeEvidence merges the bus's evidence (in time order) into the runtime's
// events (in arrival order, which is completion order) without reordering
// either: each bus event goes before the first runtime event that completed
// after it. Within a member's span this is deterministic — a send's "sent"
// and "delivered" come just before the send_message tool event, a
// "notified" just before the model call it was added to — whatever the
// other members did meanwhile.
func mergeEvidence(runtime, bus swarm.Events) iter.Seq[swarm.Event] {
	return func(yield func(swarm.Event) bool) {
		next, stop := iter.Pull(bus.All())
		defer stop()
		b, more := next()
		for e := range runtime.All() {
			for more && b.Time.Before(completedAt(e)) {
				if !yield(b) {
					return
				}
				b, more = next()
			}
			if !yield(e) {
				return
			}
		}
		for ; more; b, more = next() {
			if !yield(b) {
				return
			}
		}
	}
}

// completedAt is when a runtime event was recorded: its completion for
// model and tool events, else its time.
func completedAt(e swarm.Event) time.Time {
	if !e.Completed.IsZero() {
		return e.Completed
	}
	return e.Time
}

// withResults adds the result evidence: each member's "member_result" just
// before its span ends (a member that never started has no span: its
// result goes at the end), then the swarm-level "final".
func withResults(evs iter.Seq[swarm.Event], out *swarm.Result) iter.Seq[swarm.Event] {
	return func(yield func(swarm.Event) bool) {
		// which members' results are still to come, by span (each event is
		// built when it is due, not all held until the last span ends)
		pending := make(map[string]int, len(out.Record.Members))
		for i, m := range out.Record.Members {
			pending[channels.SpanID(m.Name)] = i
		}
		end := time.Time{}
		for e := range evs {
			if i, ok := pending[e.SpanID]; ok && e.Kind == swarm.EventSpanEnd {
				delete(pending, e.SpanID)
				if !yield(resultEvent(out, i, e.Time, e.SpanID)) {
					return
				}
			}
			if !yield(e) {
				return
			}
			end = completedAt(e)
		}
		if end.IsZero() {
			end = time.Now()
		}
		for i, m := range out.Record.Members {
			if _, ok := pending[channels.SpanID(m.Name)]; ok {
				if !yield(resultEvent(out, i, end, "")) { // no span: it never started
					return
				}
			}
		}
		if out.Interrupted {
			// no final step, no final event, as in Inspect Swarm
			return
		}
		yield(swarm.Event{Kind: swarm.EventInfo, Time: end, Source: swarm.InfoSource,
			Data: finalResult(out.Record.Final, out.StopReason)})
	}
}

// resultEvent is the i-th member's "member_result" at time at, in span
// (its own, or none for a member that never started).
func resultEvent(out *swarm.Result, i int, at time.Time, span string) swarm.Event {
	m := out.Record.Members[i]
	data := memberResult(m, span)
	data.Error = out.MemberErrors[m.Name]
	return swarm.Event{Kind: swarm.EventInfo, Time: at, SpanID: span, Member: m.Name,
		Source: swarm.InfoSource, Data: data}
}

// finalResult is the final rule's outcome as a final payload; its span_id
// is filled in by the converter, which names the swarm's span.
func finalResult(f swarm.Final, stop string) FinalResult {
	return FinalResult{Version: 1, Type: "result", Kind: "final", Member: f.Member, Mode: f.Mode, Reason: f.Reason,
		StopReason: stop}
}
