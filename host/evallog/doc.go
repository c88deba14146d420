// Package evallog writes and reads Inspect AI eval logs, in both of Inspect's formats: the
// .eval log (a zip: a journal entry per sample, a file per sample, then the summaries,
// reductions and header; Inspect's default, and the host's) and the .json EvalLog (log format
// version 2). Inspect's own tools open either (inspect view, read_eval_log, samples_df).
//
// The host alone writes logs (SPEC §12). The lifecycle, driven by host/eval through
// [LogWriter]:
//
//  1. [CreateLog](dir, header, format) writes the file at once, status "started", no samples
//     ([FormatEval] or [FormatJSON]). The name is [FileName](created, task, task_id) with the
//     format's extension: Inspect only lists logs whose name starts with an ISO timestamp.
//  2. AddSample, once per finished sample × epoch, from any goroutine, appends the sample in
//     place, so a crash leaves a complete log with status "started" and every finished sample
//     ([EvalWriter]: a zip member and its journal entry; [Writer]: in place in the .json,
//     the samples encoded once, into a spool file, not kept in memory). A large sample is
//     written on three goroutines: past its first 512 events they are built ahead (readAhead)
//     while earlier ones are condensed and encoded, and past 64 KiB its zip member is deflated
//     as it goes (aheadWriter); the bytes are those one goroutine would write.
//  3. Finish(status, results, stats, reductions, err) writes the final log, samples sorted;
//     Close instead releases a writer that will not be finished.
//  4. After a crash, [ResumeLog](path) reopens the log, repairing an end cut off mid-append;
//     Has tells which samples to skip. [ConcatLog] joins the logs of shards into one.
//
// [Read] parses a log of either format (ours or Inspect's) for `swarmhost log` and --resume;
// [ReadRepaired] reads one whose end was cut off; [Marshal] encodes a whole .json log at once.
//
// The format's traps, all handled here:
//   - key order is the file format: version, status, eval, plan, results, stats, ... come
//     before samples, and reductions are last (Inspect's header reader stops at "samples").
//     The types are structs, never maps, and ordered maps (Metrics) are slices.
//   - NaN and ±Inf are written as the bare tokens NaN, Infinity and -Infinity (see [Float]
//     and host/evallog/jsonenc, which holds the schema-free JSON encoding: the sentinels, the
//     direct encoder's primitives, the streaming re-indenter, the raw JSON helpers).
//   - timestamps carry an explicit offset, Python isoformat style (see [Time]).
//   - samples are condensed as Inspect 0.3.285 writes them: long texts in "attachments",
//     model inputs in "events_data" pools (host/evallog/condense holds the attachments and
//     pools; condense.go here walks the typed events with them); reading expands them ([Read],
//     and EvalSample.UnmarshalJSON), Inspect's samples and ours alike.
//   - the OpenAPI schema Inspect generates (serialization mode) lists as required every field
//     Python always writes; each type's MarshalJSON writes those as {} / [] / defaults when
//     unset, and leaves optional (None) fields out, as Python's exclude_none does.
//
// Field order inside objects follows Inspect's pydantic models (inspect_ai/log/_log.py and
// friends); readers do not depend on it below the top level, but it keeps diffs against
// Python-written logs small.
package evallog
