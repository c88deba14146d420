// Package scoring holds the pure maths the host applies to scorer output: the
// conversion of score values to floats, the epoch reducers and the metrics,
// all with Inspect AI's semantics. It does no I/O and keeps no state, so every
// function is safe for concurrent use.
//
// Lifecycle, for each scorer of a task (host/eval calls these in order):
//
//  1. Before the run, [ValidateReducer] rejects a reducer name the task cannot
//     satisfy (an unknown name, or pass_at_k / at_least_k / best_at_k with
//     k > epochs),
//     and [Metric] resolves each metric name; [DefaultMetrics] supplies the
//     names when the suite gives none.
//  2. After every epoch of a sample is scored, the [ReducerFunc] from
//     [Reducer] folds the epoch scores into one score per sample. Unscored
//     (NaN) epochs are dropped first. [CheckEpochShapes] reports epochs whose
//     list or dict shapes disagree, which Inspect treats as an error.
//  3. Once all samples are reduced, [ComputeMetrics] drops unscored samples,
//     converts the rest with [ValueToFloat] and applies each metric.
//
// Floating-point results follow the Python reference operation by operation
// where that is cheap: numpy's pairwise summation for mean, std, var and
// stderr, a sequential sum for accuracy, and an exactly rounded mean (as
// Python's statistics.mean) for the mean reducer.
package scoring
