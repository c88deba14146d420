package scorer_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// readsScorer declares reads.
type readsScorer struct{ reads scorer.Reads }

func (readsScorer) Metadata(context.Context, scorer.MetadataRequest, *scorer.MetadataResponse) {}
func (readsScorer) Score(context.Context, scorer.ScoreRequest, *scorer.ScoreResponse) error {
	return nil
}
func (s readsScorer) Reads() scorer.Reads { return s.reads }

func TestReadsOf(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		s    scorer.Scorer
		want scorer.Reads
	}{
		"without WithReads": {struct{ scorer.Scorer }{readsScorer{}}, scorer.ReadsAll},
		"none":              {readsScorer{scorer.ReadsNone}, scorer.ReadsNone},
		"record":            {readsScorer{scorer.ReadsRecord}, scorer.ReadsRecord},
		"unknown bits":      {readsScorer{0xf0 | scorer.ReadsStore}, scorer.ReadsStore},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, scorer.ReadsOf(tc.s))
		})
	}
}

// TestReadSnapshots: ReadRecord and ReadStore return what was sent, and
// ErrNotSent (naming the flag to add) for what Omitted names.
func TestReadSnapshots(t *testing.T) {
	t.Parallel()
	rec := scorer.Record{Version: 1, Members: []scorer.RecordMember{{Name: "a"}}}
	store := map[string][]byte{scorer.StoreKeyResult: []byte(`{}`)}
	for name, tc := range map[string]struct {
		omitted             scorer.Reads
		recordErr, storeErr string
	}{
		"everything sent": {omitted: 0},
		"no store":        {omitted: scorer.ReadsStore, storeErr: "scorer.ReadsStore"},
		"no record":       {omitted: scorer.ReadsRecord, recordErr: "scorer.ReadsRecord"},
		"neither":         {omitted: scorer.ReadsAll, recordErr: "scorer.ReadsRecord", storeErr: "scorer.ReadsStore"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			req := scorer.ScoreRequest{Record: rec, Store: store, Omitted: tc.omitted}
			gotRec, err := req.ReadRecord()
			if tc.recordErr == "" {
				require.NoError(t, err)
				assert.Equal(t, rec, gotRec)
			} else {
				require.ErrorIs(t, err, scorer.ErrNotSent)
				assert.ErrorContains(t, err, tc.recordErr)
				assert.Zero(t, gotRec)
			}
			gotStore, err := req.ReadStore()
			if tc.storeErr == "" {
				require.NoError(t, err)
				assert.Equal(t, store, gotStore)
			} else {
				require.ErrorIs(t, err, scorer.ErrNotSent)
				assert.ErrorContains(t, err, tc.storeErr)
				assert.Nil(t, gotStore)
			}
		})
	}
}
