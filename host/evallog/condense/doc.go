// Package condense condenses an Inspect sample as Inspect 0.3.285's recorders do
// (inspect_ai/log/_condense.py) and expands it back: the texts of over [MaxText] characters in
// the fields Inspect walks become "attachment://<key>" references ([Protocol], [Key]) into the
// sample's "attachments", and model inputs and call messages go to the "events_data" pools,
// referenced by ranges ([CompressRefs]).
//
// A [Condenser] holds one sample's attachments and pools while its events are written and
// writes them after the events ([Condenser.WriteTail]). It walks JSON — raw, or decoded into
// maps and lists — under a [Policy]; host/evallog walks its typed events and messages with it,
// field by field. [Resolve], [ExpandRefs] and [ExpandCall] are the reverse, for reading.
package condense
