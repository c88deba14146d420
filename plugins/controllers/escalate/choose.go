package main

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// Reasons Choose records in final.reason.
const (
	// ReasonFirstPassed: the first member's submission passed (or was not
	// gate-checked and require_gate is off); the swarm stopped there.
	ReasonFirstPassed = "first_passed"
	// ReasonEscalatedFirst and ReasonEscalatedLast: the earliest or latest
	// submission among the escalated members, per `final`.
	ReasonEscalatedFirst = "escalated_first"
	ReasonEscalatedLast  = "escalated_last"
	// ReasonFirstOnly: the first member's submission did not pass, but no
	// escalated member has submitted (yet); it is the only answer there is.
	ReasonFirstOnly = "first_only"
)

// Choose picks the answer. The first member's passing submission wins.
// Otherwise `final` picks among the escalated members' submissions —
// "first" the earliest, "last" the latest, equal times to the earlier in
// roster order — because the runtime's own first rule would always pick the
// first member's failed answer, which by construction is the earliest.
// Only when no escalated member submitted is the first member's failed
// answer chosen. A choice is final, so apart from the first member's
// passing submission it chooses only once every member has ended; it
// chooses nothing when there is no submission.
func (s *session) Choose(_ context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	cfg := s.cfg
	var first *controller.Submission
	var others []controller.Submission
	for i, s := range req.Submissions {
		if s.Member == cfg.First {
			first = &req.Submissions[i]
		} else {
			others = append(others, s)
		}
	}
	switch {
	case first != nil && cfg.passed(first.Gate):
		resp.Member, resp.Reason = first.Member, ReasonFirstPassed
	case !allEnded(req.Roster):
		// not settled yet: the runtime asks again
	case len(others) > 0 && cfg.Final == controller.FinalLast:
		resp.Member, resp.Reason = pick(others, req.Roster, later).Member, ReasonEscalatedLast
	case len(others) > 0:
		resp.Member, resp.Reason = pick(others, req.Roster, earlier).Member, ReasonEscalatedFirst
	case first != nil:
		resp.Member, resp.Reason = first.Member, ReasonFirstOnly
	}
	return nil
}

func earlier(t, best float64) bool { return t < best }
func later(t, best float64) bool   { return t > best }

// pick returns the submission better prefers over all others; equal times
// go to the member earlier in roster order, whatever order subs come in.
func pick(subs []controller.Submission, roster []controller.Member, better func(t, best float64) bool) controller.Submission {
	index := map[string]int{}
	for i, m := range roster {
		index[m.Name] = i
	}
	best := subs[0]
	for _, s := range subs[1:] {
		if better(s.Time, best.Time) || s.Time == best.Time && index[s.Member] < index[best.Member] {
			best = s
		}
	}
	return best
}

// allEnded reports whether no member is pending or running.
func allEnded(roster []controller.Member) bool {
	for _, m := range roster {
		if m.State != controller.StateEnded {
			return false
		}
	}
	return true
}
