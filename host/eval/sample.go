package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// sampleRun is one sample × epoch in progress.
type sampleRun struct {
	r       *evalRun
	j       job
	sbs     sandbox.Set
	input   []model.Message
	started time.Time
	// view reads the running swarm's record; record is the final one once
	// the swarm has returned. recMu guards both (gate checks read the
	// record from members while the runtime runs).
	recMu  sync.Mutex
	view   *swarm.View
	record *swarm.Record
	// ledger is set once the swarm has returned.
	ledger *swarm.Ledger
	// bus is the messages channel's bus; nil without one.
	bus *channels.Bus
	// board is the shared_memory channel's board; nil without one.
	board channels.Board
	// scoreCalls records the scorers' model calls (scoremodel.go).
	scoreCalls scorerModels
	// scoreErr is the error of the scorer that failed, which ends the
	// sample in error (score.go); nil when every scorer answered.
	scoreErr error
	// scored counts the task's scorers, in order, that answered: all of
	// them unless one failed; the log keeps only their scores.
	scored int
	// memberScores are the member scores once scored (memberscores.go);
	// nil when no scorer is scored per member.
	memberScores *scoring.MemberScores
	// taskTools are the tools an Inspect task's setup steps gave the
	// sample, offered to every member but the task's own solver.
	taskTools []model.ToolInfo
	// frozen keeps the sandboxes as each member left them (freeze.go).
	frozen *freezer
}

// runSample runs the swarm on one sample × epoch, scores it and builds its
// log entry. Failures are recorded in the entry, never returned.
func (r *evalRun) runSample(ctx context.Context, j job) (evallog.EvalSample, sampleResult) {
	s := &sampleRun{r: r, j: j, input: swarm.WithIDs(sampleInput(j.sample)), started: time.Now()}
	res := sampleResult{index: j.index, epoch: j.epoch}
	var err error
	s.sbs, err = r.providerFor(j).Sample(ctx, r.sandboxSpec(j))
	if err != nil {
		res.failed, res.scores = true, r.unscored()
		return s.errorEntry(fmt.Errorf("sandbox setup: %w", err)), res
	}
	defer func() { _ = s.sbs.Close() }()
	if err := s.checkVisible(); err != nil {
		res.failed, res.scores = true, r.unscored()
		return s.errorEntry(fmt.Errorf("sandbox setup: %w", err)), res
	}
	if err := s.prepareChannels(); err != nil {
		res.failed, res.scores = true, r.unscored()
		return s.errorEntry(fmt.Errorf("channels: %w", err)), res
	}
	if err := s.inspectSetup(ctx); err != nil {
		res.failed, res.scores = true, r.unscored()
		s.inspectEnd()
		return s.errorEntry(fmt.Errorf("setup: %w", err)), res
	}
	sctx, cancel := s.limitCtx(ctx)
	defer cancel()
	spec := s.swarmSpec()
	spec.Spill = r.newSpill()
	res.spill = spec.Spill
	out := swarm.Run(sctx, spec, swarm.Sample{ID: fmt.Sprint(j.sample.ID), Epoch: j.epoch, Input: s.input,
		Metadata: s.j.sample.Metadata},
		swarm.Hooks{OnStart: s.setView, OnRunning: func(n int) { r.meter.members(j, n) }})
	s.frozen.all()
	s.setRecord(out.Record)
	s.ledger = &out.Ledger
	if out.Error != nil {
		// a member or the controller errored: the sample ends in error,
		// unscored, as in Inspect Swarm
		res.scores = r.unscored()
	} else {
		// a scorer that fails ends the sample in error, with the scores
		// of the scorers before it, as in Inspect
		res.scores, s.scoreErr = s.score(ctx, out)
	}
	entry := s.entry(out, res.scores)
	res.failed = entry.Error != nil
	return entry, res
}

// newSpill opens the spill of a sample's model events beside the log (see
// swarm.Spill); without one, they stay in memory.
func (r *evalRun) newSpill() *swarm.Spill {
	sp, err := swarm.NewSpill(r.opts.LogDir)
	if err != nil {
		r.log.Warn("model events kept in memory", "error", err)
		return nil
	}
	return sp
}

// limitCtx applies the task's time limit to the sample.
func (s *sampleRun) limitCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	if t := s.r.task.Limits.Time; t != nil && *t > 0 {
		return context.WithTimeoutCause(ctx, *t, swarm.SampleLimit("time"))
	}
	return context.WithCancel(ctx)
}

// sandboxSpec describes the sample's sandboxes.
func (r *evalRun) sandboxSpec(j job) sandbox.SampleSpec {
	spec := sandbox.SampleSpec{ID: fmt.Sprint(j.sample.ID), Epoch: j.epoch, Files: j.sample.Files,
		Setup: j.sample.Setup, BaseDir: r.dataDir(),
		Network: r.task.Sandbox != nil && r.task.Sandbox.Network}
	spec.PerMember, spec.Sandboxes = r.memberSandboxes()
	for _, m := range r.members {
		spec.Members = append(spec.Members, m.Name)
	}
	return spec
}

// swarmSpec binds the roster to this sample's sandboxes.
func (s *sampleRun) swarmSpec() swarm.Spec {
	members := make([]swarm.Member, len(s.r.members))
	s.frozen = newFreezer(s.sbs, s.r.log)
	for i, m := range s.r.members {
		sb := s.frozen.side(m.Name, s.sbs.For(m.Name))
		visible, _ := s.visibleSandboxes(i)
		for name, env := range visible {
			visible[name] = s.frozen.side(m.Name, env)
		}
		mine := &memberSandboxes{own: sb, visible: visible}
		m.Tools = s.withTaskTools(m, s.withChannelTools(m.Name, s.r.toolsFor(i, sb).WithVisible(visible)), mine)
		m.Sandboxes = mine
		if sb.Name() != "" {
			m.Sandbox = sb.Name()
		}
		m.Limits, m.Price = s.r.memberLimits(i)
		members[i] = m
	}
	spec := swarm.Spec{Members: members, Controller: s.r.ctrl, ControllerConfig: schemaConfig(s.r.sw.Controller.Config),
		ControllerTimeout: s.r.sw.Controller.CallTimeoutOrDefault(),
		Grace:             s.r.sw.Budget.Grace, Logger: s.r.log, Gate: s.gate(), Budget: s.r.budget(),
		Channels: s.channelLines, PreambleTemplate: s.r.sw.Preamble,
		SharedDirectory:     s.r.perMember() && s.r.channel(config.ChannelFilesystem) != nil,
		ContainMemberErrors: s.r.sw.ContainMemberErrors, KeepMemberOutputs: s.r.scoresMembers()}
	if t := s.r.task.Limits.Time; t != nil && *t > 0 {
		spec.Deadline = s.started.Add(*t)
	}
	spec.SampleUsage = s.setupUsage()
	spec.Observer, spec.NoticeMessage = s.channelHooks()
	if spec.Observer == nil {
		spec.Observer = s.frozen
	} else {
		spec.Observer = observers{spec.Observer, s.frozen}
	}
	return spec
}

// sampleInput is the sample's input as chat messages.
func sampleInput(smp dataset.Sample) []model.Message {
	if len(smp.InputMessages) > 0 {
		return smp.InputMessages
	}
	return []model.Message{{Role: model.RoleUser, Content: smp.Input, Source: "input"}}
}

// store is the sample store: the record, and the ledger once the swarm
// has returned (a gate check inside a member sees the record only).
func (s *sampleRun) store() map[string][]byte {
	rec, _ := json.Marshal(s.currentRecord())
	st := map[string][]byte{swarm.StoreKeyResult: rec}
	if s.ledger != nil {
		st[swarm.StoreKeyLedger] = mustJSON(s.ledger)
	}
	return st
}

// scorerRecord is the record as scorers see it (the same type).
func (s *sampleRun) scorerRecord() scorer.Record { return s.currentRecord() }
