// Package evallog writes and reads Inspect AI eval logs: one .json EvalLog (log format version
// 2) per eval, which Inspect's own tools open (inspect view, read_eval_log, samples_df).
//
// The host alone writes logs (SPEC §12). The lifecycle, driven by host/eval:
//
//  1. Create(dir, header) writes the file at once, status "started", no samples. The name is
//     FileName(created, task, task_id): Inspect only lists .json logs whose name starts with
//     an ISO timestamp.
//  2. AddSample, once per finished sample × epoch, from any goroutine, appends the sample in
//     place (or rewrites the file atomically; see Writer), so a crash leaves a complete log
//     with status "started" and every finished sample. Samples are encoded once, into a spool
//     file, not kept in memory.
//  3. Finish(status, results, stats, reductions, err) writes the final file, samples sorted;
//     Close instead releases a Writer that will not be finished.
//  4. After a crash, Resume(path) reopens the log (repairing an end cut off mid-append);
//     Writer.Has tells which samples to skip.
//
// Read parses a log (ours or Inspect's) for swarmhost log and --resume; Marshal encodes a
// whole EvalLog at once.
//
// The format's traps, all handled here:
//   - key order is the file format: version, status, eval, plan, results, stats, ... come
//     before samples, and reductions are last (Inspect's header reader stops at "samples").
//     The types are structs, never maps, and ordered maps (Metrics) are slices.
//   - NaN and ±Inf are written as the bare tokens NaN, Infinity and -Infinity (see Float).
//   - timestamps carry an explicit offset, Python isoformat style (see Time).
//   - samples are condensed as Inspect 0.3.285 writes them: long texts in "attachments",
//     model inputs in "events_data" pools (see condenser); reading expands them (Read, and
//     EvalSample.UnmarshalJSON), Inspect's samples and ours alike.
//   - the OpenAPI schema Inspect generates (serialization mode) lists as required every field
//     Python always writes; each type's MarshalJSON writes those as {} / [] / defaults when
//     unset, and leaves optional (None) fields out, as Python's exclude_none does.
//
// Field order inside objects follows Inspect's pydantic models (inspect_ai/log/_log.py and
// friends); readers do not depend on it below the top level, but it keeps diffs against
// Python-written logs small.
package evallog
