package controller

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/schema"
)

// The causes of a refused action, as [RefusedError.Cause]; test for them
// with errors.Is.
var (
	// ErrUnknownMember: the action names no member of the roster.
	ErrUnknownMember = errors.New("no member has this name")
	// ErrStartedTwice: a start of a member that has already started.
	ErrStartedTwice = errors.New("the member has already started")
	// ErrNotSubmitted: a choice of a member that has not ended "submitted".
	ErrNotSubmitted = errors.New("the member has not ended with a submission")
	// ErrChoseTwice: a second choice of the answer.
	ErrChoseTwice = errors.New("the controller has already chosen")
)

// RefusedError is an action the runtime refused, and why: starting a
// member by an unknown name or twice, choosing a member that has not ended
// "submitted" (by [ChooseAnswer] or a Choose answer), or choosing twice.
// Its text is the sample's error when the refusal ends the sample.
type RefusedError struct {
	// Action is the refused action (a Choose answer as [ChooseAnswer]).
	Action Action
	// Cause is ErrUnknownMember, ErrStartedTwice, ErrNotSubmitted or
	// ErrChoseTwice.
	Cause error
	// Members are the roster's names (ErrUnknownMember).
	Members []string
	// State and Status are the named member's (ErrStartedTwice,
	// ErrNotSubmitted).
	State  MemberState
	Status Status
	// Chosen is the member already chosen (ErrChoseTwice).
	Chosen string
}

// Error says what was refused and why, naming the members for an unknown
// name.
func (e *RefusedError) Error() string {
	verb := "started"
	if e.Action.Kind == ActionChoose {
		verb = "chose"
	}
	m := e.Action.Member
	switch e.Cause {
	case ErrUnknownMember:
		return fmt.Sprintf("%s %q: %v; the members are %s", verb, m, e.Cause, strings.Join(e.Members, ", "))
	case ErrStartedTwice:
		return fmt.Sprintf("started %q again: %v (state %s), and a member runs once", m, e.Cause, e.State)
	case ErrNotSubmitted:
		return fmt.Sprintf("chose %q: %v (state %s, status %s); only a submission can be the answer",
			m, e.Cause, e.State, orNone(e.Status))
	case ErrChoseTwice:
		return fmt.Sprintf("chose %q: %v %q, and it chooses once", m, e.Cause, e.Chosen)
	}
	return fmt.Sprintf("%s %q: refused (%v)", verb, m, e.Cause)
}

// Unwrap returns the cause, for errors.Is.
func (e *RefusedError) Unwrap() error { return e.Cause }

func orNone(s Status) string {
	if s == "" {
		return "none"
	}
	return string(s)
}

// WithRefused is an optional interface of a [Session] that handles its
// refused actions, as an Inspect Swarm controller may catch the error of
// start or choose_answer. The runtime applies a session's actions in
// order; when it refuses one, it skips it and the actions after it and
// calls Refused at once, before any other call of the session. The
// actions Refused returns are applied in their place (return
// req.NotApplied to go on as if the refused action were not there); an
// error, or a refusal of one of them, ends the sample in error.
//
// A session without Refused does not handle refusals: a refused action
// ends the sample in error, with the [RefusedError]'s text, and no call
// of the session follows. The sdktest simulator does the same.
type WithRefused interface {
	Refused(ctx context.Context, req RefusedRequest, resp *EventResponse) error
}

// RefusedRequest tells a session which of its actions was refused.
type RefusedRequest struct {
	Session string
	// Config is the session's config, as in Start.
	Config schema.Config
	// Err is the refusal; errors.Is(req.Err, ErrUnknownMember) and the
	// like tell the cause.
	Err *RefusedError
	// NotApplied are the actions of the same answer after the refused
	// one, which the runtime skipped.
	NotApplied []Action
	// Roster is as in EventRequest: valid until the call returns.
	Roster []Member
}
