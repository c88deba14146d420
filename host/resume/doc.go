// Package resume decides what `swarmhost run --resume LOG` keeps of an
// earlier log and what it runs again. It holds no run: host/eval calls it,
// in this order, and writes into the log itself.
//
//  1. [Open] reads the log, .eval or .json, as a killed host or Ctrl-C left
//     it (a sample cut off mid-write is dropped, as the log writer drops it
//     when it reopens the log); a log with status success has nothing to
//     resume ([ErrLogComplete]).
//  2. [Check] refuses a log the suite no longer describes: another eval,
//     task, epoch count, reducers, swarm (solver_args) or scorers.
//  3. [Order] makes the log's samples, in the log's order, the run's plan
//     (so --limit and an unseeded shuffle of the first run are kept).
//  4. [Split] sorts the log's samples into those kept byte for byte (their
//     scores and usage count towards the results) and those run again: the
//     samples that ended in error, as Inspect's eval-retry re-runs them, and
//     those the operator's Ctrl-C cut short. [State] carries the outcome
//     through the run; [State.Again] says whether a sample × epoch runs.
package resume
