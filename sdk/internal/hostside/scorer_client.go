package hostside

import (
	"context"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerClient is the host's handle on a scorer plugin process.
type scorerClient struct {
	kindClient
	client pb.ScorerClient
	hosts  *registry[scorer.Host]
	svc    *hostService
}

// Scorer returns the named scorer as a [scorer.Scorer].
func (c *scorerClient) Scorer(name string) scorer.Scorer { return &remoteScorer{c: c, name: name} }

// remoteScorer proxies one named scorer.
type remoteScorer struct {
	c    *scorerClient
	name string
}

func (r *remoteScorer) Metadata(ctx context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	r.c.metadata(ctx, r.name, resp)
}

// Score registers req.Host under a fresh token for the call's duration
// and sends what req.Omitted does not name.
func (r *remoteScorer) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	token := r.c.hosts.add(req.Host)
	defer r.c.hosts.remove(token)
	out, err := r.c.client.Score(ctx, r.scoreRequestToProto(req, token))
	if err != nil {
		return protocol.CallError("scorer "+r.name+" score", err)
	}
	resp.Score, resp.Diagnostics = wire.ScoreFromProto(out.Score), wire.DiagsFromProto(out.Diagnostics)
	return nil
}

// scoreRequestToProto encodes req; the snapshots req.Omitted names are not
// sent (empty record_json, store_json).
func (r *remoteScorer) scoreRequestToProto(req scorer.ScoreRequest, token string) *pb.ScoreRequest {
	out := &pb.ScoreRequest{
		Plugin: r.name, ConfigJson: req.Config.JSON(), Sample: wire.SampleToProto(req.Sample),
		Output: wire.OutputToProto(req.Output), Messages: wire.MessagesToProto(req.Messages),
		HostBrokerId: r.c.svc.brokerID(), HostToken: token, Sandboxes: req.Sandboxes,
	}
	if !req.Omitted.Has(scorer.ReadsRecord) {
		out.RecordJson = wire.RecordToJSON(req.Record)
	}
	if !req.Omitted.Has(scorer.ReadsStore) {
		out.StoreJson = wire.StoreToJSON(req.Store)
	}
	return out
}
