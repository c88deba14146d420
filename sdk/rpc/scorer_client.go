package rpc

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerClient is the host's handle on a scorer plugin process.
type scorerClient struct {
	client pb.ScorerClient
	hosts  *registry[scorer.Host]
	svc    *hostService
}

// Plugins returns the metadata of every scorer the process serves.
func (c *scorerClient) Plugins(ctx context.Context) ([]base.MetadataResponse, error) {
	resp, err := c.client.Metadata(ctx, &pb.MetadataRequest{})
	if err != nil {
		return nil, callError("scorer metadata", err)
	}
	return pluginInfos(resp), nil
}

// Validate asks the named scorer to check a decoded config.
func (c *scorerClient) Validate(ctx context.Context, name string, config []byte) (base.ValidateConfigResponse, error) {
	resp, err := c.client.ValidateConfig(ctx, &pb.ValidateConfigRequest{Plugin: name, ConfigJson: config})
	if err != nil {
		return base.ValidateConfigResponse{}, callError("scorer validate config", err)
	}
	return base.ValidateConfigResponse{Diagnostics: wire.DiagsFromProto(resp.Diagnostics)}, nil
}

// Scorer returns the named scorer as a [scorer.Scorer].
func (c *scorerClient) Scorer(name string) scorer.Scorer { return &remoteScorer{c: c, name: name} }

// remoteScorer proxies one named scorer.
type remoteScorer struct {
	c    *scorerClient
	name string
}

func (r *remoteScorer) Metadata(ctx context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	infos, err := r.c.Plugins(ctx)
	if err != nil {
		return
	}
	for _, md := range infos {
		if md.Name == r.name {
			*resp = md
		}
	}
}

// Score registers req.Host under a fresh token for the call's duration.
func (r *remoteScorer) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	token := r.c.hosts.add(req.Host)
	defer r.c.hosts.remove(token)
	out, err := r.c.client.Score(ctx, &pb.ScoreRequest{
		Plugin: r.name, ConfigJson: req.Config.JSON(), Sample: wire.SampleToProto(req.Sample),
		Output: wire.OutputToProto(req.Output), Messages: wire.MessagesToProto(req.Messages),
		RecordJson: wire.RecordToJSON(req.Record), StoreJson: wire.StoreToJSON(req.Store),
		HostBrokerId: r.c.svc.brokerID(), HostToken: token,
	})
	if err != nil {
		return callError("scorer "+r.name+" score", err)
	}
	resp.Score, resp.Diagnostics = wire.ScoreFromProto(out.Score), wire.DiagsFromProto(out.Diagnostics)
	return nil
}
