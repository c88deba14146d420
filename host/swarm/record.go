package swarm

import (
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// StoreKeyResult and StoreKeyLedger are the store keys the runtime owns.
const (
	StoreKeyResult = scorer.StoreKeyResult
	StoreKeyLedger = "inspect_swarm:ledger"
)

// Member states, as the SDK names them (the runtime keeps them as strings).
const (
	StatePending = string(controller.StatePending)
	StateRunning = string(controller.StateRunning)
	StateEnded   = string(controller.StateEnded)
)

// Member statuses (the closed set of SPEC §5 and §15; member_limit:<type>
// is built with MemberLimit, its types the Limit* kinds and LimitCustom).
// They are the SDK's controller.Status* constants, as strings.
const (
	StatusSubmitted = string(controller.StatusSubmitted)
	// StatusUnsubmitted: the agent returned normally, but its output
	// stopped for "content_filter" or "model_length" (it gave up).
	StatusUnsubmitted = string(controller.StatusUnsubmitted)
	StatusStopped     = string(controller.StatusStopped)
	StatusShare       = string(controller.StatusShare)
	StatusSwarmCap    = string(controller.StatusSwarmCap)
	StatusCancelled   = string(controller.StatusCancelled)
	StatusErrored     = string(controller.StatusErrored)
)

// Output stop reasons that make a normal return "unsubmitted".
const (
	stopContentFilter = "content_filter"
	stopModelLength   = "model_length"
)

// MemberLimit is the status of a member that hit its own limit of kind.
func MemberLimit(kind string) string { return "member_limit:" + kind }

// Record is the result record, field names and order as SPEC §9. It is the
// SDK's type, so scorers read exactly what the runtime writes.
type Record = scorer.Record

// RecordMember is one member's entry in the record.
type RecordMember = scorer.RecordMember

// Final is the record's chosen answer.
type Final = scorer.RecordFinal

// ReasonNoSubmissions is final.reason when no member submitted.
const ReasonNoSubmissions = "no_submissions"

// noSubmissions is the final of a swarm without a submission.
func noSubmissions(provisional bool) Final {
	reason := ReasonNoSubmissions
	return Final{Reason: &reason, Provisional: provisional}
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
