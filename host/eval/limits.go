package eval

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// sampleLimit is the log's EvalSample.limit when a sample limit ended the
// sample (endedBy "sample_limit:<kind>"), else nil: the limit's kind
// (Inspect's limit type names), its value (seconds for time, dollars for
// cost) and, from the hit the swarm recorded (hit, nil when it has none),
// Inspect's reason.
func (r *evalRun) sampleLimit(endedBy string, hit *swarm.SampleLimitHit) *evallog.EvalSampleLimit {
	kind, ok := swarm.SampleLimitKind(endedBy)
	if !ok {
		return nil
	}
	if hit != nil && hit.Type == kind {
		return &evallog.EvalSampleLimit{Type: kind, Limit: evallog.Float(hit.Limit), Reason: &hit.Message}
	}
	l := r.task.Limits
	var value float64
	switch {
	case kind == swarm.LimitToken && l.Tokens != nil:
		value = float64(*l.Tokens)
	case kind == swarm.LimitCost && l.Cost != nil:
		value = *l.Cost
	case kind == swarm.LimitTime && l.Time != nil:
		value = l.Time.Seconds()
	case kind == swarm.LimitMessage && l.Messages != nil:
		value = float64(*l.Messages)
	case kind == swarm.LimitTurn && l.Turns != nil:
		value = float64(*l.Turns)
	default:
		return nil
	}
	return &evallog.EvalSampleLimit{Type: kind, Limit: evallog.Float(value)}
}

// swarmStore is the sample store the host writes: the result record, the
// ledger and the metrics, each with its own deliberate field order (the
// log writes the keys in that order, as Inspect Swarm adds them).
func swarmStore(rec swarm.Record, l swarm.Ledger, m swarm.Metrics) map[string]any {
	return map[string]any{swarm.StoreKeyResult: json.RawMessage(mustJSON(rec)),
		swarm.StoreKeyLedger: json.RawMessage(mustJSON(l)), swarm.StoreKeyMetrics: json.RawMessage(mustJSON(m))}
}

// unstartedStore is the store of a sample whose swarm never started (its
// sandbox failed): no record, since the swarm never started to write one,
// but a ledger (no usage, stop reason "error"), which every sample has.
func (s *sampleRun) unstartedStore() map[string]any {
	members := make([]swarm.Member, len(s.r.members))
	for i, m := range s.r.members {
		m.Limits, m.Price = s.r.memberLimits(i)
		members[i] = m
	}
	_, l := swarm.Unstarted(swarm.Spec{Members: members, Grace: s.r.sw.Budget.Grace, Budget: s.r.budget()}, swarm.StopError)
	return map[string]any{swarm.StoreKeyLedger: json.RawMessage(mustJSON(l))}
}

// setView keeps the running swarm's view of its record.
func (s *sampleRun) setView(v swarm.View) {
	s.recMu.Lock()
	s.view = &v
	s.recMu.Unlock()
}

// setRecord keeps the swarm's final record and lets the view go (and with
// it the finished runtime's memory).
func (s *sampleRun) setRecord(rec swarm.Record) {
	s.recMu.Lock()
	s.record, s.view = &rec, nil
	s.recMu.Unlock()
}

// currentRecord is the final record once the swarm has returned, else the
// running swarm's latest (the zero record before it has started).
func (s *sampleRun) currentRecord() swarm.Record {
	s.recMu.Lock()
	rec, view := s.record, s.view
	s.recMu.Unlock()
	switch {
	case rec != nil:
		return *rec
	case view != nil:
		return view.Record()
	}
	return swarm.Record{}
}
