package swarm

import (
	"sort"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// chosen returns the answer so far: the controller's choice once it has
// made one, else the final rule (first or last) over the submissions so
// far; nil when there is none. It returns the mode and the reason too.
// Callers hold r.mu.
func (r *runtime) chosen() (m *memberState, mode, reason string) {
	if r.choice != nil {
		return r.byName[r.choice.Member], string(controller.FinalController), r.choice.Reason
	}
	if r.finalMode == controller.FinalLast {
		return r.pick(func(t, best float64) bool { return t > best }), string(controller.FinalLast), ""
	}
	return r.pick(func(t, best float64) bool { return t < best }), string(controller.FinalFirst), ""
}

// pick scans submitted members in roster order and keeps the one better
// wins over; equal times keep the earlier in roster order.
func (r *runtime) pick(better func(t, best float64) bool) *memberState {
	var best *memberState
	for _, m := range r.members {
		if m.status != StatusSubmitted {
			continue
		}
		if best == nil || better(m.endTime, best.endTime) {
			best = m
		}
	}
	return best
}

// final builds the record's final entry. Callers hold r.mu.
func (r *runtime) final() Final {
	m, mode, reason := r.chosen()
	provisional := !r.finished
	if m == nil {
		return noSubmissions(provisional)
	}
	name := m.spec.Name
	return Final{Mode: &mode, Member: &name, Reason: strPtr(reason), Provisional: provisional}
}

// sortSubmissions orders submissions by swarm time; stable keeps roster
// order for ties.
func sortSubmissions(s []controller.Submission) {
	sort.SliceStable(s, func(i, j int) bool { return s[i].Time < s[j].Time })
}
