package eval

import (
	"context"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerOmits is what the host leaves out of a scorer's requests: the
// snapshots it declares it does not read, its own scorer.WithReads
// in-process, else the capabilities of its plugin's metadata (a plugin
// that lists none, or whose metadata fails, gets everything).
func scorerOmits(ctx context.Context, impl scorer.Scorer) scorer.Reads {
	if _, ok := impl.(scorer.WithReads); ok {
		return scorer.ReadsAll &^ scorer.ReadsOf(impl)
	}
	var md scorer.MetadataResponse
	impl.Metadata(ctx, scorer.MetadataRequest{}, &md)
	return scorer.ReadsAll &^ plugins.ScorerReads(md)
}

// scoreRequest is the request for sc's verdict on output: the record and
// the store are built only when sc reads them.
func (s *sampleRun) scoreRequest(sc scorerRun, host scorer.Host, output model.Output, msgs []model.Message) scorer.ScoreRequest {
	req := scorer.ScoreRequest{Config: sc.config, Sample: s.scorerSample(), Output: output, Messages: msgs,
		Host: host, Omitted: sc.omits, Sandboxes: s.sbs.Names()}
	if !sc.omits.Has(scorer.ReadsRecord) {
		req.Record = s.scorerRecord()
	}
	if !sc.omits.Has(scorer.ReadsStore) {
		req.Store = s.store()
	}
	return req
}
