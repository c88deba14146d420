package rpc

import (
	"slices"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// The capabilities a scorer's metadata lists for the snapshots it does not
// read (protocol 1, added with the Go SDK's [scorer.WithReads]): the host
// then sends its ScoreRequest without record_json or store_json. A scorer
// that lists neither (older plugins, the Python SDK) gets both.
const (
	// CapabilityScoreWithoutRecord: the scorer reads no result record.
	CapabilityScoreWithoutRecord = "swarmhost.score-without-record"
	// CapabilityScoreWithoutStore: the scorer reads no store.
	CapabilityScoreWithoutStore = "swarmhost.score-without-store"
)

// scorerCapabilities pairs each snapshot with the capability that leaves
// it out.
var scorerCapabilities = []struct {
	part scorer.Reads
	name string
}{
	{scorer.ReadsRecord, CapabilityScoreWithoutRecord},
	{scorer.ReadsStore, CapabilityScoreWithoutStore},
}

// withScorerReads returns md listing the capability of every snapshot
// reads leaves out, once each, never sharing the author's slice.
func withScorerReads(md base.MetadataResponse, reads scorer.Reads) base.MetadataResponse {
	for _, c := range scorerCapabilities {
		if !reads.Has(c.part) && !slices.Contains(md.Capabilities, c.name) {
			md.Capabilities = append(slices.Clip(md.Capabilities), c.name)
		}
	}
	return md
}

// ScorerReads returns what the scorer whose metadata is md reads: every
// snapshot but those its capabilities leave out. The host calls it once
// per scorer and builds only what it names (see [scorer.WithReads]).
func ScorerReads(md base.MetadataResponse) scorer.Reads {
	reads := scorer.ReadsAll
	for _, c := range scorerCapabilities {
		if slices.Contains(md.Capabilities, c.name) {
			reads &^= c.part
		}
	}
	return reads
}
