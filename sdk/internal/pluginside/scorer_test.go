package pluginside

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestWithScorerReads: the capabilities are listed once each and the
// author's slice is never written.
func TestWithScorerReads(t *testing.T) {
	t.Parallel()
	own := make([]string, 1, 4)
	own[0] = "mine"
	md := withScorerReads(base.MetadataResponse{Capabilities: own}, scorer.ReadsNone)
	md = withScorerReads(md, scorer.ReadsNone)
	assert.Equal(t, []string{"mine", protocol.CapabilityScoreWithoutRecord, protocol.CapabilityScoreWithoutStore},
		md.Capabilities)
	assert.Equal(t, "mine", own[:2][0])
	assert.Empty(t, own[1:2][0], "the author's array is not written")
	md = withScorerReads(base.MetadataResponse{}, scorer.ReadsStore)
	assert.Equal(t, []string{protocol.CapabilityScoreWithoutRecord}, md.Capabilities)
}
