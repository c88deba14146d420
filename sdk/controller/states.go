package controller

import "strings"

// MemberState is where a member is in its run: [StatePending] until it
// starts, [StateRunning], then [StateEnded].
type MemberState string

// Member states.
const (
	StatePending MemberState = "pending"
	StateRunning MemberState = "running"
	StateEnded   MemberState = "ended"
)

// Status is how a member ended: "" until it has, then one of the Status*
// constants or a member limit (see [Status.MemberLimit]). They are Inspect
// Swarm 0.1.0's.
type Status string

// Member statuses.
const (
	// StatusSubmitted: its agent returned normally; its output is its
	// answer (an empty output counts).
	StatusSubmitted Status = "submitted"
	// StatusUnsubmitted: it returned normally, but its output stopped for
	// content_filter or model_length (it gave up); never the answer.
	StatusUnsubmitted Status = "unsubmitted"
	// StatusStopped: the swarm stopped and refused its next model call.
	StatusStopped Status = "stopped"
	// StatusShare: it spent its share of the budget.
	StatusShare Status = "share"
	// StatusSwarmCap: it met an exceeded swarm cap.
	StatusSwarmCap Status = "swarm_cap"
	// StatusCancelled: it was still running after the grace period, or
	// when the sample ended at once.
	StatusCancelled Status = "cancelled"
	// StatusErrored: its agent failed.
	StatusErrored Status = "errored"
	// StatusMemberLimitCustom: it stopped itself (agent.StopSelf).
	StatusMemberLimitCustom Status = memberLimit + "custom"
)

// memberLimit starts the status of a member that hit its own limit.
const memberLimit = "member_limit:"

// MemberLimit returns the kind of the member's own limit that ended it
// ("token", "cost", "turn", "message", "time" or "custom"), and whether
// the status is such a limit.
func (s Status) MemberLimit() (kind string, ok bool) {
	return strings.CutPrefix(string(s), memberLimit)
}

// EventKind says what an [Event] reports.
type EventKind string

// Event kinds.
const (
	EventMemberStarted EventKind = "member_started"
	EventSubmission    EventKind = "submission"
	EventMemberEnded   EventKind = "member_ended"
)

// FinalMode is the rule that picks the swarm's answer when the controller
// chooses none, and the record's final.mode.
type FinalMode string

// Final modes. FinalFirst and FinalLast are the rules a controller names
// at Start; FinalController is the record's mode of an answer the
// controller chose (never a rule to name: the host refuses it at Start).
const (
	FinalFirst      FinalMode = "first"
	FinalLast       FinalMode = "last"
	FinalController FinalMode = "controller"
)
