package hostside

import (
	"slices"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// ScorerReads returns what the scorer whose metadata is md reads: every
// snapshot but those its capabilities leave out. The host calls it once
// per scorer and builds only what it names (see [scorer.WithReads]).
func ScorerReads(md base.MetadataResponse) scorer.Reads {
	reads := scorer.ReadsAll
	for _, c := range protocol.ScorerCapabilities {
		if slices.Contains(md.Capabilities, c.Name) {
			reads &^= c.Part
		}
	}
	return reads
}
