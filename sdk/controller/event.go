package controller

import "github.com/swarmhost/swarmhost/sdk/schema"

// ActionKind says what an action does.
type ActionKind int

const (
	// ActionStart starts a pending member; a start of a member by an
	// unknown name, or of one that has started, is refused (a
	// [RefusedError]; see [WithRefused]).
	ActionStart ActionKind = iota + 1
	// ActionStop stops the swarm. The reason is recorded as
	// "controller:<reason>", except the topology reasons "all_done",
	// "submitted", "verified" and "quiescence", recorded as they are. The
	// controller gets no call after the stop.
	ActionStop
	// ActionChoose makes a member's submission the swarm's answer, in place
	// of the final rule; Reason is recorded in final.reason. Choose once,
	// and only a member that has ended "submitted": anything else is
	// refused (a [RefusedError]; see [WithRefused]).
	ActionChoose
)

// Action is a controller's instruction to the runtime.
type Action struct {
	Kind   ActionKind
	Member string
	// Input replaces the sample input for a started member; "" keeps it.
	Input  string
	Reason string
}

// Start returns an action that starts member with input ("" = sample input).
func Start(member, input string) Action {
	return Action{Kind: ActionStart, Member: member, Input: input}
}

// Stop returns an action that stops the swarm with reason.
func Stop(reason string) Action { return Action{Kind: ActionStop, Reason: reason} }

// ChooseAnswer returns an action that makes member's submission the answer,
// with reason recorded in the record's final.reason ("" records null).
func ChooseAnswer(member, reason string) Action {
	return Action{Kind: ActionChoose, Member: member, Reason: reason}
}

// Gate is the in-loop check verdict attached to a submission.
type Gate struct {
	Checked bool
	Passed  bool
}

// Event is something that happened in the swarm.
type Event struct {
	// Kind is one of the Event* constants.
	Kind   EventKind
	Member string
	// Time is seconds on the swarm clock.
	Time float64
	// Answer is the submitted text (submission events only, and only for
	// a controller that asked for answers, StartResponse.Answers).
	Answer string
	// Gate is the member's latest gate verdict (as Answer).
	Gate Gate
	// Status is the member's status (member_ended events only).
	Status Status
}

// EventRequest delivers one event with the roster as it is when the event
// is delivered: the event's change is in it, and so are any that came since
// (events queue while the controller works on the one before, and the host
// may send queued events together, each with the roster as it was when
// they were sent). The events still come one call at a time, and each
// after the actions answering the one before were applied.
type EventRequest struct {
	Session string
	// Config is the session's config, as in Start.
	Config schema.Config
	Event  Event
	// Roster is every member, in roster order. It is valid until the call
	// returns: the SDK refills the same slice for the session's next call,
	// so copy what you keep (modifying it during the call is harmless).
	Roster []Member
}

// EventResponse carries actions in answer to an event.
type EventResponse struct {
	Actions []Action
}

// Submission is one member's answer.
type Submission struct {
	Member string
	Time   float64
	Answer string
	Gate   Gate
}

// ChooseRequest carries every submission so far, in submission order.
type ChooseRequest struct {
	Session string
	// Config is the session's config, as in Start.
	Config      schema.Config
	Submissions []Submission
	// Roster is as in EventRequest: valid until the call returns.
	Roster []Member
}

// ChooseResponse names the chosen member and why; Member "" means no choice
// yet (the host asks again after the next submission or member end). A
// choice is final: the host asks no more. Naming a member that has not
// submitted is refused, as [ChooseAnswer] is.
type ChooseResponse struct {
	Member string
	Reason string
}
