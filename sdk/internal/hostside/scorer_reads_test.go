package hostside

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// seenScorer records the request its Score got, and what ReadRecord and
// ReadStore answered.
type seenScorer struct {
	name  string
	reads *scorer.Reads
	got   chan seenScore
}

type seenScore struct {
	req                 scorer.ScoreRequest
	recordErr, storeErr error
}

func (s *seenScorer) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = s.name
}

func (s *seenScorer) Score(_ context.Context, req scorer.ScoreRequest, _ *scorer.ScoreResponse) error {
	_, recErr := req.ReadRecord()
	_, storeErr := req.ReadStore()
	s.got <- seenScore{req: req, recordErr: recErr, storeErr: storeErr}
	return nil
}

// readingScorer is a seenScorer with scorer.WithReads.
type readingScorer struct{ *seenScorer }

func (s readingScorer) Reads() scorer.Reads { return *s.reads }

// TestScorerReads: a scorer's Reads reaches the host as capabilities; the
// plugin decodes only what the scorer reads, whatever the host sends (an
// older host sends everything), and ReadRecord/ReadStore then answer
// ErrNotSent; the host's client sends nothing req.Omitted names.
func TestScorerReads(t *testing.T) {
	t.Parallel()
	rec := scorer.Record{Version: 1, Members: []scorer.RecordMember{{Name: "a", State: "done"}}}
	store := map[string][]byte{scorer.StoreKeyResult: []byte(`{"version":1}`)}
	for name, tc := range map[string]struct {
		reads   *scorer.Reads // nil: no WithReads
		omitted scorer.Reads  // what the host leaves out
		caps    []string
		gotRec  bool
		gotSt   bool
	}{
		"no WithReads, host sends all":       {gotRec: true, gotSt: true},
		"no WithReads, host omits the store": {omitted: scorer.ReadsStore, gotRec: true},
		"reads none, an older host sends all": {reads: ptr(scorer.ReadsNone),
			caps: []string{protocol.CapabilityScoreWithoutRecord, protocol.CapabilityScoreWithoutStore}},
		"reads the record, host omits the store": {reads: ptr(scorer.ReadsRecord), omitted: scorer.ReadsStore,
			caps: []string{protocol.CapabilityScoreWithoutStore}, gotRec: true},
		"reads all": {reads: ptr(scorer.ReadsAll), gotRec: true, gotSt: true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			seen := &seenScorer{name: "s", reads: tc.reads, got: make(chan seenScore, 1)}
			var impl scorer.Scorer = seen
			if tc.reads != nil {
				impl = readingScorer{seen}
			}
			remote := InProcess(t, Plugins{Scorers: []scorer.Scorer{impl}}).Scorer("s")
			var md scorer.MetadataResponse
			remote.Metadata(context.Background(), scorer.MetadataRequest{}, &md)
			assert.ElementsMatch(t, tc.caps, md.Capabilities)
			want := scorer.ReadsAll
			if tc.reads != nil {
				want = *tc.reads
			}
			assert.Equal(t, want, ScorerReads(md))

			req := scorer.ScoreRequest{Record: rec, Store: store, Omitted: tc.omitted}
			require.NoError(t, remote.Score(context.Background(), req, &scorer.ScoreResponse{}))
			got := <-seen.got
			if tc.gotRec {
				assert.Equal(t, rec, got.req.Record)
			} else {
				assert.Zero(t, got.req.Record)
			}
			if tc.gotSt {
				assert.Equal(t, store, got.req.Store)
			} else {
				assert.Empty(t, got.req.Store)
			}
			if tc.reads != nil {
				assert.Equal(t, scorer.ReadsAll&^*tc.reads, got.req.Omitted)
				assert.Equal(t, !tc.gotRec, got.recordErr != nil, "ReadRecord: %v", got.recordErr)
				assert.Equal(t, !tc.gotSt, got.storeErr != nil, "ReadStore: %v", got.storeErr)
			}
		})
	}
}

// TestScorerReadsOfMetadata: the capabilities a scorer's metadata lists
// leave out what it does not read; without them it reads everything.
func TestScorerReadsOfMetadata(t *testing.T) {
	t.Parallel()
	md := base.MetadataResponse{Capabilities: []string{"mine", protocol.CapabilityScoreWithoutRecord,
		protocol.CapabilityScoreWithoutStore}}
	assert.Equal(t, scorer.ReadsNone, ScorerReads(md))
	assert.Equal(t, scorer.ReadsStore, ScorerReads(base.MetadataResponse{Capabilities: []string{
		protocol.CapabilityScoreWithoutRecord}}))
	assert.Equal(t, scorer.ReadsAll, ScorerReads(base.MetadataResponse{}))
}

func ptr[T any](v T) *T { return &v }

// TestScorerSandboxNames: the sandbox names the host sends reach the scorer
// unchanged and in order, whatever it reads; a host that sends none (v0.1.0)
// leaves them nil.
func TestScorerSandboxNames(t *testing.T) {
	t.Parallel()
	for name, names := range map[string][]string{
		"members and a service": {"", "prover-7", "prover-13", "comparator"},
		"the shared one only":   {""},
		"an older host":         nil,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, reads := range []*scorer.Reads{nil, ptr(scorer.ReadsNone)} {
				seen := &seenScorer{name: "s", reads: reads, got: make(chan seenScore, 1)}
				var impl scorer.Scorer = seen
				if reads != nil {
					impl = readingScorer{seen}
				}
				remote := InProcess(t, Plugins{Scorers: []scorer.Scorer{impl}}).Scorer("s")
				require.NoError(t, remote.Score(context.Background(), scorer.ScoreRequest{Sandboxes: names},
					&scorer.ScoreResponse{}))
				assert.Equal(t, names, (<-seen.got).req.Sandboxes)
			}
		})
	}
}
