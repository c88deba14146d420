package catalog

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// The live* plugins resolve their client through the manager on every call
// rather than once per eval, so that when a plugin process crashes (a
// member's agent dies mid-sample, say) the manager relaunches the binary
// for the next caller: the crashed member ends errored, and the swarm, the
// host and later samples go on. A member's run and a score each lease a
// worker of the binary's pool (plugins.Manager.Lease), so a plugin with
// several workers spreads them over its processes.

// liveAgent is an agent plugin resolved per call.
type liveAgent struct {
	mgr  *plugins.Manager
	b    plugins.Binary
	name string
}

func (a *liveAgent) get(ctx context.Context, b plugins.Binary) (agent.Agent, error) {
	cl, err := a.mgr.Agent(ctx, b)
	if err != nil {
		return nil, err
	}
	return cl.Agent(a.name), nil
}

// Metadata asks the (current) process for the agent's metadata.
func (a *liveAgent) Metadata(ctx context.Context, req agent.MetadataRequest, resp *agent.MetadataResponse) {
	if ag, err := a.get(ctx, a.b); err == nil {
		ag.Metadata(ctx, req, resp)
	}
}

// Run runs one member in the (current) process. When the run fails
// because the process died, it returns once the crash is known, so that
// the next member (of this or a later sample) gets a relaunched process,
// and its error says why the process died (its exit and the last lines of
// its stderr), which the member's evidence and the sample's error carry
// to the log.
func (a *liveAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	lease, err := a.mgr.Lease(a.b, placementKey(a.b, req.Sample))
	if err != nil {
		return err
	}
	defer lease.Release()
	p, err := a.mgr.Start(ctx, lease.Binary)
	if err != nil {
		return err
	}
	ag, err := a.get(ctx, lease.Binary)
	if err != nil {
		return err
	}
	if err = ag.Run(ctx, req, resp); err != nil {
		p.Settle(settleTimeout)
		if died := p.Err(); died != nil {
			return fmt.Errorf("%w: %v", err, died)
		}
	}
	return err
}

// placementKey is the key of a member's lease: none under
// placement = "member", its sample's otherwise (the default).
func placementKey(b plugins.Binary, s base.SampleRef) string {
	if b.Placement == plugins.PlacementMember {
		return ""
	}
	return s.ID + "\x00" + strconv.Itoa(s.Epoch)
}

// settleTimeout bounds the wait for a dying plugin process to be reaped.
const settleTimeout = 5 * time.Second

// liveScorer is a scorer plugin resolved per call.
type liveScorer struct {
	mgr  *plugins.Manager
	b    plugins.Binary
	name string
}

func (s *liveScorer) get(ctx context.Context, b plugins.Binary) (scorer.Scorer, error) {
	cl, err := s.mgr.Scorer(ctx, b)
	if err != nil {
		return nil, err
	}
	return cl.Scorer(s.name), nil
}

// Metadata asks the (current) process for the scorer's metadata.
func (s *liveScorer) Metadata(ctx context.Context, req scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	if sc, err := s.get(ctx, s.b); err == nil {
		sc.Metadata(ctx, req, resp)
	}
}

// Score scores one sample in a worker of the scorer's pool.
func (s *liveScorer) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	lease, err := s.mgr.Lease(s.b, "")
	if err != nil {
		return err
	}
	defer lease.Release()
	sc, err := s.get(ctx, lease.Binary)
	if err != nil {
		return err
	}
	return sc.Score(ctx, req, resp)
}

// Metrics asks the (current) process for the scorer's declared metrics;
// a scorer whose plugin declares none answers with none.
func (s *liveScorer) Metrics(ctx context.Context, req scorer.MetricsRequest, resp *scorer.MetricsResponse) error {
	sc, err := s.get(ctx, s.b)
	if err != nil {
		return err
	}
	if wm, ok := sc.(scorer.WithMetrics); ok {
		return wm.Metrics(ctx, req, resp)
	}
	return nil
}

// ComputeMetric asks the (current) process for one declared metric's value.
func (s *liveScorer) ComputeMetric(ctx context.Context, req scorer.ComputeMetricRequest, resp *scorer.ComputeMetricResponse) error {
	sc, err := s.get(ctx, s.b)
	if err != nil {
		return err
	}
	if wm, ok := sc.(scorer.WithMetrics); ok {
		return wm.ComputeMetric(ctx, req, resp)
	}
	return fmt.Errorf("scorer %s: %w", s.name, scorer.ErrNoMetrics)
}

var (
	_ agent.Agent        = (*liveAgent)(nil)
	_ scorer.Scorer      = (*liveScorer)(nil)
	_ scorer.WithMetrics = (*liveScorer)(nil)
)
