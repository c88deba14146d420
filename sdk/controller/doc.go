// Package controller is what a controller plugin author implements: the
// swarm's policy — which members start and with what input, when the swarm
// stops, and (if it wants) which submission is the answer. It follows
// Inspect Swarm 0.1.0's controller contract.
//
// An author implements [Controller]; as database/sql/driver's Driver hands
// out a Conn per connection, its Start hands out a [Session] per swarm run,
// which keeps that run's state. The SDK keeps each open session (and its
// roster) by id, so a controller needs no map, mutex or end-of-run cleanup.
//
// Lifecycle, per swarm run (one sample, one epoch):
//
//  1. [Controller.Start] receives the roster (every member pending) and
//     returns the run's Session, actions (start members, stop, choose) and
//     the final rule, "first" or "last", that picks the answer when the
//     controller chooses none. Setting [StartResponse.Answers] opts in to
//     the richer view (answer text, gate verdicts, Choose calls).
//  2. [Session.Event] is called for every member started, submission and
//     member ended, in order, one at a time per session; it returns more
//     actions. The controller is out of the run once the swarm stops: no
//     call follows the event whose actions stopped it.
//  3. The session's Choose (optional, [WithChoose], only with Answers) is
//     called after each submission and member end with every submission so
//     far, until it names a member; that choice is final.
//  4. The run ends: the SDK drops the session, calling its optional
//     [SessionCloser.Close].
//
// Actions are checked, in order: starting a member twice or by an unknown
// name, choosing (by [ChooseAnswer] or a Choose answer) a member that has
// not ended "submitted", or choosing twice, is refused, a [RefusedError]
// whose cause errors.Is tells ([ErrUnknownMember], [ErrStartedTwice],
// [ErrNotSubmitted], [ErrChoseTwice]); a start after the stop is dropped.
// The runtime skips a refused action and the ones after it. A session
// that implements [WithRefused] is told at once, as an Inspect Swarm
// controller may catch the error of start or choose_answer, and its
// answer's actions are applied in their place; for any other the refusal
// ends the sample in error, with the RefusedError's text. sdktest's
// Simulator refuses the same actions with the same text, so a test can
// check for them.
//
// The runtime owns everything else: it applies actions, enforces budgets
// and limits, runs the stop procedure and writes the record. Without
// Answers a controller sees names, roles, states and statuses, never
// member text. A controller that returns an error, does not answer, or
// sends an action that is refused and not handled ends the sample in
// error (its members cancelled, no answer, not scored).
package controller
