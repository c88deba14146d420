package eval

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// capsScorer is a scorer that lists caps in its metadata.
type capsScorer struct{ caps []string }

func (s capsScorer) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name, resp.Capabilities = "caps", s.caps
}

func (capsScorer) Score(context.Context, scorer.ScoreRequest, *scorer.ScoreResponse) error {
	return nil
}

// inProcessScorer declares what it reads itself.
type inProcessScorer struct {
	capsScorer
	reads scorer.Reads
}

func (s inProcessScorer) Reads() scorer.Reads { return s.reads }

// TestScoreRequestOmits: the host builds the record and the store only
// for a scorer that reads them, as its WithReads or its plugin's
// capabilities declare; a scorer declaring nothing gets both.
func TestScoreRequestOmits(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		impl scorer.Scorer
		// plugin serves impl through the SDK (sdktest): the host then sees
		// what it reads only in its metadata's capabilities.
		plugin bool
		omits  scorer.Reads
	}{
		"plugin that declares nothing": {capsScorer{}, true, 0},
		"plugin without the store":     {inProcessScorer{reads: scorer.ReadsRecord}, true, scorer.ReadsStore},
		"plugin without either":        {inProcessScorer{reads: scorer.ReadsNone}, true, scorer.ReadsAll},
		"in-process, reads the record": {inProcessScorer{reads: scorer.ReadsRecord}, false, scorer.ReadsStore},
		"in-process, reads none":       {inProcessScorer{capsScorer: capsScorer{[]string{"other"}}}, false, scorer.ReadsAll},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			impl := tc.impl
			if tc.plugin {
				impl = sdktest.Scorer(t, impl)
				_, declares := impl.(scorer.WithReads)
				assert.False(t, declares, "the host sees a plugin's reads only in its metadata")
			}
			omits := scorerOmits(context.Background(), impl)
			assert.Equal(t, tc.omits, omits)
			sbs, err := sandbox.NewLocal(t.TempDir()).Sample(context.Background(), sandbox.SampleSpec{ID: "q",
				Epoch: 1, PerMember: true, Members: []string{"a"}})
			require.NoError(t, err)
			t.Cleanup(func() { _ = sbs.Close() })
			s := &sampleRun{j: job{epoch: 1, sample: dataset.Sample{ID: "q", Target: []string{"42"}}}, sbs: sbs}
			s.setRecord(swarm.Record{Version: 1, Members: []swarm.RecordMember{{Name: "a"}}})
			req := s.scoreRequest(scorerRun{omits: omits}, nil, model.TextOutput("", "42"), nil)
			assert.Equal(t, omits, req.Omitted)
			assert.Equal(t, []string{"42"}, req.Sample.Target)
			assert.Equal(t, []string{"", "a"}, req.Sandboxes, "every sandbox of the sample, whatever the scorer reads")
			if omits.Has(scorer.ReadsRecord) {
				assert.Zero(t, req.Record)
			} else {
				assert.Equal(t, "a", req.Record.Members[0].Name)
			}
			if omits.Has(scorer.ReadsStore) {
				assert.Nil(t, req.Store)
			} else {
				assert.Contains(t, string(req.Store[swarm.StoreKeyResult]), `"a"`)
			}
		})
	}
}
