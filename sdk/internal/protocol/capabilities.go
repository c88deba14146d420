package protocol

import "github.com/swarmhost/swarmhost/sdk/scorer"

// The capabilities a scorer's metadata lists for the snapshots it does not
// read ([scorer.WithReads]): the host then sends its ScoreRequest without
// record_json or store_json. A scorer that lists neither gets both.
const (
	// CapabilityScoreWithoutRecord: the scorer reads no result record.
	CapabilityScoreWithoutRecord = "swarmhost.score-without-record"
	// CapabilityScoreWithoutStore: the scorer reads no store.
	CapabilityScoreWithoutStore = "swarmhost.score-without-store"
)

// ScorerCapabilities pairs each snapshot a scorer may not read with the
// capability that says so.
var ScorerCapabilities = []struct {
	Part scorer.Reads
	Name string
}{
	{scorer.ReadsRecord, CapabilityScoreWithoutRecord},
	{scorer.ReadsStore, CapabilityScoreWithoutStore},
}

// CapabilityScorerMetrics is listed by a scorer that declares its own
// metrics ([scorer.WithMetrics]): the host asks it for them (Metrics) and
// for the values of those it does not compute (ComputeMetric). The host
// asks no other scorer.
const CapabilityScorerMetrics = "swarmhost.scorer-metrics"

// CapabilityMemberStream is listed by every agent the Go SDK serves: the
// binary serves Agent.Members. Today's host runs every member on that
// stream and ignores it; host v0.1.0 (scripts/host-releases.txt) runs a
// binary's members on the stream only when all its agents list it, and
// calls Agent.Run otherwise, which the SDK no longer serves. Listing it
// keeps agents built today running under that host.
const CapabilityMemberStream = "swarmhost.member-stream"
