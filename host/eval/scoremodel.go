package eval

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerModel is a scorer's model calls in one sample (ScorerHost.Generate):
// the model block its scorer block names, each call recorded for the
// sample's log. The calls count in the sample's model usage; as in Inspect,
// scoring runs after the sample's limits, so they are bounded by the block's
// score_timeout and the model's connections, not by the token limit.
type scorerModel struct {
	provider hostmodel.Provider
	caller   string
	epoch    int
	// logged: the calls' events go in the scorer's span (after the swarm);
	// a gate check's calls, made inside a member, count in usage only.
	logged bool

	mu     sync.Mutex
	events []swarm.Event
	usage  map[string]model.Usage
}

// Generate makes one model call and records it.
func (m *scorerModel) Generate(ctx context.Context, req scorer.GenerateRequest) (scorer.GenerateResponse, error) {
	start := time.Now()
	res, err := m.provider.Generate(ctx, hostmodel.Request{Caller: m.caller, Epoch: m.epoch, Messages: req.Messages,
		Tools: req.Tools, ToolChoice: req.ToolChoice, Config: req.Config})
	ev := swarm.Event{Kind: swarm.EventModel, Time: start, Completed: time.Now(), ModelName: m.provider.Name(),
		Input: req.Messages, Tools: req.Tools, Output: res.Output, Retries: res.Retries, Cache: res.Cache,
		Config: res.Config}
	if err != nil {
		ev.Error = err.Error()
	}
	m.record(ev)
	if err != nil {
		return scorer.GenerateResponse{}, fmt.Errorf("model %s: %w", m.provider.Name(), err)
	}
	return scorer.GenerateResponse{Output: res.Output}, nil
}

func (m *scorerModel) record(ev swarm.Event) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.logged {
		m.events = append(m.events, ev)
	}
	if ev.Error == "" {
		m.usage[ev.ModelName] = m.usage[ev.ModelName].Add(ev.Output.Usage)
	}
}

// scorerModels are a sample's scorer model calls, by scorer.
type scorerModels struct {
	mu  sync.Mutex
	all []*scorerModel
	// by holds the post-swarm calls of each scorer, by its log name.
	by map[string]*scorerModel
	// setup holds an Inspect task's setup steps' calls (inspecthost.go).
	setup *scorerModel
}

// scorerModel returns the recorder of sc's calls in this sample (nil when
// its block names no model); gate is true for a check inside a member.
func (s *sampleRun) scorerModel(sc scorerRun, gate bool) *scorerModel {
	// the caller keys mockllm's scripted turns: gate checks have their own,
	// so the calls after the swarm see the same outputs with or without them
	if gate {
		return s.scorerModelAs(sc, "/gate", false)
	}
	return s.scorerModelAs(sc, "", true)
}

// memberScorerModel serves the scorer's model calls when it scores one
// member (member scores): counted in the sample's usage, not logged as
// events, with turns of their own.
func (s *sampleRun) memberScorerModel(sc scorerRun, member string) *scorerModel {
	return s.scorerModelAs(sc, "/member/"+member, false)
}

// scorerModelAs is scorerModel for a caller suffix; logged calls become
// the scorer span's model events.
func (s *sampleRun) scorerModelAs(sc scorerRun, suffix string, logged bool) *scorerModel {
	if sc.model == nil {
		return nil
	}
	caller := fmt.Sprintf("%v/%d/scorer/%s%s", s.j.sample.ID, s.j.epoch, sc.name, suffix)
	m := &scorerModel{provider: sc.model, caller: caller, epoch: s.j.epoch, logged: logged, usage: map[string]model.Usage{}}
	s.scoreCalls.mu.Lock()
	defer s.scoreCalls.mu.Unlock()
	s.scoreCalls.all = append(s.scoreCalls.all, m)
	if logged {
		if s.scoreCalls.by == nil {
			s.scoreCalls.by = map[string]*scorerModel{}
		}
		s.scoreCalls.by[sc.name] = m
	}
	return m
}

// addScorerUsage adds every scorer model call's usage to the sample's.
func (s *sampleRun) addScorerUsage(usage map[string]evallog.ModelUsage) {
	s.scoreCalls.mu.Lock()
	defer s.scoreCalls.mu.Unlock()
	for _, m := range s.scoreCalls.all {
		m.mu.Lock()
		for name, u := range m.usage {
			usage[name] = usage[name].Add(logconv.Usage(u))
		}
		m.mu.Unlock()
	}
}

// scorerEvents are the model events of a scorer's post-swarm calls.
func (s *sampleRun) scorerEvents(name string) []swarm.Event {
	s.scoreCalls.mu.Lock()
	m := s.scoreCalls.by[name]
	s.scoreCalls.mu.Unlock()
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]swarm.Event(nil), m.events...)
}
