// Package eval runs a suite's evals: for each eval it loads the task's
// dataset, runs the swarm on every sample × epoch (up to MaxSamples at
// once), scores each with the task's scorer plugins, reduces epochs, computes
// metrics and writes one Inspect-compatible log, incrementally.
//
// Before anything runs, the CLI calls [CheckDatasets]: a bad dataset row is a
// diagnostic naming the file and the line, and no eval starts.
//
// Lifecycle of one eval ([Run]):
//
//  1. prepare: models built, plugins dispensed (scorers named as Inspect
//     names them: exec, exec1, …), dataset read, log created with status
//     "started" — or, with [Options].Resume, an earlier log reopened and the
//     samples it holds loaded (resume.go; host/resume decides what is kept);
//  2. samples: each sample × epoch the log lacks gets its sandboxes, runs the
//     swarm (host/swarm), is scored, and is appended to the log at once, so a
//     crash of the host loses no finished sample; a [Meter] follows samples
//     and running members for live displays;
//  3. finish: epochs reduced with every reducer, metrics computed per scorer ×
//     reducer, the gate counts summarised (gate.go), the log finished with
//     its status, results, reductions and usage.
//
// A sample that fails (a controller error, a scorer error) is recorded with
// its error and the eval goes on; the eval's status is then "error". Every
// scorer call, gate checks included, has its scorer block's score_timeout
// (deadline.go): a scorer that does not answer, like one that fails, ends
// the sample in error, as a scorer that raises does in Inspect; a failed
// eval's log has no results, as Inspect's. Controller calls have the controller block's call_timeout.
package eval
