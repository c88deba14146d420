// Package agent is what an agent plugin author implements: one swarm member
// run from its input to its answer.
//
// Lifecycle, for each binary the host starts once per run:
//
//  1. Metadata is called once; the host decodes the member's `config` block
//     against the returned schema.
//  2. ValidateConfig (optional, [WithValidateConfig]) is called once per
//     distinct config; error diagnostics stop the run before it starts.
//  3. Run is called once per member per sample, concurrently for many members.
//     The agent talks to the world only through [RunRequest.Host]: model calls,
//     tools, in-loop answer checks and logs. [RunRequest.Input] ends with the
//     host's preamble (a user message). Run returns the member's answer as
//     [RunResponse.Output]; returning normally means the member submitted,
//     unless the output stopped for "content_filter" or "model_length" (the
//     agent gave up: "unsubmitted").
//
// When the host refuses a call (the swarm is stopping, or a limit or budget
// share is spent) the call returns an error matching [ErrRefused]; the agent
// should return at once. The host already knows the cause and records it as
// the member's status however Run returns. An agent that decides to stop
// calls [StopSelf] and returns ("member_limit:custom"). Any other error from
// Run, and a panic or a crash of the process, ends the member "errored" and,
// as in Inspect Swarm, the sample in error (unless the suite contains member
// errors).
package agent
