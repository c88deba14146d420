// Package scorer is what a scorer plugin author implements: grade the swarm's
// answer, or what members left in their sandboxes.
//
// Lifecycle, for each binary the host starts once per run:
//
//  1. Metadata is called once; the host decodes the scorer block (minus the
//     host's meta-arguments `gate` and `metrics`) against the schema.
//  2. ValidateConfig (optional, [WithValidateConfig]) is called once per config.
//  3. Score is called after each swarm (and, for gate checks, inside a member's
//     loop), concurrently. The scorer gets snapshots of the result record and
//     the store (only those its optional [WithReads] names), and a read-only
//     [Host] onto members' sandboxes: it can read files, list them and exec
//     commands whose writes never reach the member.
//
// A scorer has no way to write the record, the store or a sandbox. An error
// from Score, a panic or a crash ends the sample in error, as a scorer that
// raises does in Inspect, with the error in the log; return [Unscored] to
// leave a sample unscored (NaN) without failing it.
package scorer
