package study

import (
	"math"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// attemptOf reads one sample × epoch: its score, its members (from the
// result record, with their scores from swarmhost:member_scores), its cost
// and its signals. A sample without a record (a plain agent) is one member
// named "agent" whose score is the sample's.
func attemptOf(s evallog.EvalSample, scorer string) Attempt {
	a := Attempt{Epoch: s.Epoch, Score: scoreOf(s, scorer), Cost: costOf(s)}
	a.Signals.Errored = s.Error != nil
	var rec swarm.Record
	if decode(s.Store[swarm.StoreKeyResult], &rec) && rec.Version > 0 {
		a.fromRecord(rec)
	} else {
		a.asAgent(s)
	}
	var doc scoring.MemberScores
	if decode(s.Store[scoring.StoreKeyMemberScores], &doc) {
		if ms := scorerDoc(doc, scorer); ms != nil {
			a.withMemberScores(ms)
		}
	}
	a.knownMemberScores()
	a.Signals.add(s, rec)
	return a
}

// scoreOf is the sample's score called scorer as a float: NaN when it is
// missing, unscored, a list or a dict, or the sample errored.
func scoreOf(s evallog.EvalSample, scorer string) float64 {
	sc, ok := s.Scores[scorer]
	if !ok || s.Error != nil {
		return math.NaN()
	}
	v := sc.Value.Interface()
	switch v.(type) {
	case nil, []any, map[string]any:
		return math.NaN()
	}
	if scoring.IsUnscored(floatOf(v)) {
		return math.NaN()
	}
	return scoring.ValueToFloat(floatOf(v))
}

// floatOf unwraps the log's Float into a float64 for the scoring rules.
func floatOf(v any) any {
	if f, ok := v.(evallog.Float); ok {
		return float64(f)
	}
	return v
}

// fromRecord takes the members and the chosen answer from the record.
func (a *Attempt) fromRecord(rec swarm.Record) {
	for _, m := range rec.Members {
		mo := Member{Name: m.Name, State: m.State, Submitted: m.Submitted}
		if m.Status != nil {
			mo.Status = *m.Status
		}
		if rec.Final.Member != nil && *rec.Final.Member == m.Name {
			mo.Chosen, a.Submitted, a.Time = true, true, m.Time
		}
		a.Members = append(a.Members, mo)
	}
	a.Signals.Provisional = rec.Final.Provisional
}

// asAgent makes a plain agent's sample one member, "agent".
func (a *Attempt) asAgent(s evallog.EvalSample) {
	a.Submitted = s.Output.Completion != "" || len(s.Output.Choices) > 0
	a.Time = s.WorkingTime
	if a.Time == nil {
		a.Time = s.TotalTime
	}
	status := "submitted"
	if !a.Submitted {
		status = "unsubmitted"
	}
	if s.Error != nil {
		status = "errored"
	}
	a.Members = []Member{{Name: "agent", State: swarm.StateEnded, Status: status, Submitted: a.Submitted, Chosen: true}}
}

// withMemberScores sets each member's score and the summaries.
func (a *Attempt) withMemberScores(ms *scoring.MemberScorer) {
	for _, s := range ms.Members {
		for i := range a.Members {
			if a.Members[i].Name != s.Name {
				continue
			}
			a.Members[i].Score = s.Score
			if s.Missing != nil {
				a.Members[i].Missing = string(*s.Missing)
			}
		}
	}
	a.Best, a.Mean = ms.BestMember, ms.MeanMember
}

// knownMemberScores fills what the log implies without member scores: the
// chosen member's output is the swarm's, so its score is the sample's; and
// a plain agent's (or a swarm of one's chosen member's) summaries are that
// score too.
func (a *Attempt) knownMemberScores() {
	if !a.scored() {
		return
	}
	for i := range a.Members {
		m := &a.Members[i]
		if m.Chosen && m.Score == nil && m.Missing == "" {
			score := a.Score
			m.Score = &score
		}
	}
	if a.Best == nil && len(a.Members) == 1 && a.Members[0].Score != nil {
		a.Best, a.Mean = a.Members[0].Score, a.Members[0].Score
	}
}
