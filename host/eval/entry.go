package eval

import (
	"encoding/json"
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// entry builds the sample's log entry from the swarm's result and scores.
func (s *sampleRun) entry(out *swarm.Result, scores []scorer.Score) evallog.EvalSample {
	e := s.baseEntry()
	e.Messages = logconv.Messages(out.Messages)
	e.Output = logconv.Output(out.Output)
	if out.Error == nil {
		// a sample the swarm ended in error has no scores, as in Inspect;
		// one a scorer ended in error has those of the scorers before it
		e.Scores = evallog.Scores{}
		for i, sc := range s.r.scorers[:s.scored] {
			e.Scores.Add(sc.name, logconv.Score(scores[i]))
		}
	}
	e.Store = swarmStore(out.Record, out.Ledger, s.metrics(out))
	if s.memberScores != nil {
		e.Store[scoring.StoreKeyMemberScores] = json.RawMessage(mustJSON(s.memberScores))
	}
	for k, v := range s.inspectEnd() {
		if _, ours := e.Store[k]; !ours {
			e.Store[k] = v
		}
	}
	tr := s.newTranscript(out, &e)
	e.Events, e.EventStream, e.TimelinesAfter = nil, tr.stream, tr.timelines
	e.ModelUsage = logconv.UsageMap(out.UsageByModel)
	s.addScorerUsage(e.ModelUsage)
	n := out.Events.Count(swarm.EventModel)
	e.TurnCount = &n
	s.messagesStore(e.Store)
	switch {
	case out.Error != nil:
		e.Error = &evallog.EvalError{Message: out.Error.Error(), Traceback: out.Error.Error()}
	case s.scoreErr != nil:
		e.Error = &evallog.EvalError{Message: s.scoreErr.Error(), Traceback: s.scoreErr.Error()}
	}
	e.Limit = s.r.sampleLimit(out.EndedBy, out.SampleLimit)
	s.finishEntry(&e)
	return e
}

// errorEntry is the log entry of a sample that could not run.
func (s *sampleRun) errorEntry(err error) evallog.EvalSample {
	e := s.baseEntry()
	e.Messages = logconv.Messages(s.input)
	e.Output = logconv.Output(model.Output{})
	e.Error = &evallog.EvalError{Message: err.Error(), Traceback: err.Error()}
	e.Store = s.unstartedStore()
	s.finishEntry(&e)
	return e
}

func (s *sampleRun) baseEntry() evallog.EvalSample {
	smp := s.j.sample
	e := evallog.EvalSample{ID: sampleID(smp.ID), Epoch: s.j.epoch, Choices: smp.Choices, Setup: smp.Setup,
		Metadata: map[string]any{}, Store: map[string]any{}, Events: evallog.Events{},
		ModelUsage: map[string]evallog.ModelUsage{}, RoleUsage: map[string]evallog.ModelUsage{},
		UUID: evallog.NewID(), Attachments: map[string]string{}}
	for k, v := range smp.Metadata {
		e.Metadata[k] = v
	}
	if len(smp.InputMessages) > 0 {
		e.Input = evallog.Input{Messages: logconv.Messages(smp.InputMessages)}
	} else {
		e.Input = evallog.Input{Text: smp.Input}
	}
	if smp.TargetIsList {
		e.Target = evallog.Target{List: smp.Target}
	} else if len(smp.Target) > 0 {
		e.Target = evallog.Target{Text: smp.Target[0]}
	}
	return e
}

func (s *sampleRun) finishEntry(e *evallog.EvalSample) {
	end := time.Now()
	e.StartedAt, e.CompletedAt = evallog.TimeOf(s.started), evallog.TimeOf(end)
	e.TotalTime = evallog.Seconds(end.Sub(s.started).Seconds())
	e.WorkingTime = evallog.Seconds(end.Sub(s.started).Seconds())
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte("null")
	}
	return b
}
