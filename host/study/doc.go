// Package study answers the question swarms are run for: at equal cost,
// does a swarm of k agents beat k independent attempts, or one agent with k
// times the budget? It reads the arms' logs (swarmhost's, Inspect Swarm's,
// or a plain Inspect eval's), computes the quantities below per sample and
// over samples, pairs the arms sample by sample, and puts each arm's
// accuracy against the cost its log records. It does no I/O beyond reading
// the logs it is given; host/report renders what it returns.
//
// Lifecycle (host/cli's `study` and `report` commands call these in order):
//
//  1. [ReadArm] reads one log into an [Arm]: per sample and epoch the
//     compared score, the members' outcomes and scores
//     (swarmhost:member_scores), the cost the ledger records and the
//     harness-validity signals the ledger, metrics and events hold.
//  2. [Compare] computes the [Report]: quantities, fair pairs with seeded
//     bootstrap intervals, cost curves, member outcomes and flags.
//  3. [Report.WriteJSON] and [Report.WriteCSV] write the numbers for
//     notebooks; host/report writes the page.
//
// The quantities, for a study at k (every score read with Inspect's
// value_to_float, averaged over a sample's epochs, then over samples):
//
//   - final@k: the swarm's own score, on the answer its final rule chose.
//   - team@k: the best member's score (best_member): any member right.
//     It chooses with the target, as pass@k does.
//   - mean member: the members' mean score (mean_member).
//   - pass@k: from the baseline's n ≥ k epochs, 1 − C(n−c,k)/C(n,k), c the
//     epochs scoring 1 (Inspect's pass_at_k).
//   - best@k: from the same epochs, the expected best of k
//     ([scoring.ExpectedMaxOfK]); pass@k on 0/1 scores.
//   - select@k: the swarm's own answer rule (first or last submission by
//     the swarm's clock, ties to the earlier epoch as roster order breaks
//     them) applied to k of the baseline's n attempts, averaged over every
//     k-subset when there are at most [ExactSubsets] of them, else over a
//     seeded sample of that many. An attempt that did not submit is never
//     chosen; a subset with no submission scores what its first attempt's
//     empty answer scored, as a swarm with no submission does.
//   - single: the one agent at k× the budget, its own score.
//
// The fair pairs: team@k against pass@k and best@k (both choose with the
// target); final@k against select@k and single (neither does).
package study
