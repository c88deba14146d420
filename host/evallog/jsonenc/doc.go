// Package jsonenc is the JSON encoding of Inspect logs that does not depend
// on the log's schema (host/evallog holds the types and their encoders):
//
//   - [Marshal] is json.Marshal as Python writes JSON (no HTML escaping);
//   - the non-finite sentinels: [FormatFloat] writes NaN and ±Inf as JSON
//     strings encoding/json accepts, [FromSentinels] turns them into the bare
//     tokens Inspect writes and [ToSentinels] back, for reading;
//   - the direct encoder's primitives ([AppendString], [AppendFloat],
//     [AppendAny], ...), which append JSON byte for byte as encoding/json
//     would, without its reflection, inside [Direct];
//   - [Stream] reformats JSON as it is written (json.Indent or json.Compact
//     without holding the document), so a sample's large values stream into
//     the log;
//   - the raw JSON helpers ([ObjectMembers], [ArrayElements],
//     [RewriteStrings], ...) split and rewrite encoded values in place.
package jsonenc
