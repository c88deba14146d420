package controller

import "context"

// Controller is what a controller plugin author implements, as a
// database/sql driver implements driver.Driver: Start opens a session for
// one swarm run and returns the [Session] that receives the run's calls.
//
// One Controller serves every swarm of a plugin process, concurrently, so
// it keeps no per-run state: that belongs in the Session, which the SDK
// keeps from Start to the run's end and drops afterwards. A controller
// author writes no session map, no mutex and no end-of-run cleanup.
type Controller interface {
	// Metadata names the plugin and declares its config schema.
	Metadata(ctx context.Context, req MetadataRequest, resp *MetadataResponse)
	// Start opens a session: it fills resp with the first actions and the
	// final rule, and returns the session's Session (never nil without an
	// error). An error ends the sample in error, and no session opens.
	Start(ctx context.Context, req StartRequest, resp *StartResponse) (Session, error)
}

// Session is one swarm run's controller, returned by [Controller.Start]
// (as driver.Conn is one connection). Its calls come one at a time, in
// the run's order, so a Session needs no lock for its own state; different
// sessions are called concurrently.
//
// Every request carries the session's roster as it is after the event:
// the SDK keeps it from Start and applies each member start and end, so a
// Session need not track member states itself.
type Session interface {
	// Event answers one member start, submission or member end with
	// actions (often none).
	Event(ctx context.Context, req EventRequest, resp *EventResponse) error
}

// WithChoose is an optional interface of a [Session] that chooses the
// answer itself. The host calls Choose only for a session started with
// [StartResponse.Answers], after each submission and member end until it
// names a member. A session without Choose never chooses (the SDK tells
// the host so at Start, and the host never asks): the final rule, or an
// [ActionChoose], picks the answer.
type WithChoose interface {
	Choose(ctx context.Context, req ChooseRequest, resp *ChooseResponse) error
}

// SessionCloser is an optional interface of a [Session] that holds
// resources: Close is called once when the run ends (or the host gives
// up on it). Sessions that only keep values need not implement it; the
// SDK forgets a session at its end either way.
type SessionCloser interface {
	Close(ctx context.Context) error
}
