package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Member scores (issue 30): after the swarm's score, each scorer marked for
// it runs once more per member, on that member's own output, as if the
// member had run alone:
//
//  1. its output is what its agent returned (Result.MemberOutputs) and the
//     messages are the sample's input then that output's message;
//  2. its sandbox view is the member's own: the default sandbox "" is its
//     sandbox, as in a gate check (memberView);
//  3. the record it reads (and the store's inspect_swarm:result) lists that
//     member alone, whose final names it when it submitted — so a scorer
//     that grades every member in the record (exec, tests_pass) grades it
//     only;
//  4. a member that never started has no score (not_started); one that
//     returned an empty output has none either (empty_output) when the
//     scorer grades outputs only (it does not read the record, which is how
//     a scorer finds the members' sandboxes), but is scored like the others
//     by a scorer that may read its sandbox: a member stopped before it
//     submitted may have left its work there.
//
// The verdicts go to the store under scoring.StoreKeyMemberScores, never
// into inspect_swarm:result, and two more sample scores summarise them:
// best_member and mean_member (scoring.MemberScorer.Summarise), with
// metrics mean and stderr.

// Scorer names of the summary scores in results.scores.
const (
	BestMemberScorer = "swarmhost/best_member"
	MeanMemberScorer = "swarmhost/mean_member"
)

// memberScoreWorkers bounds the members one sample scores at once.
const memberScoreWorkers = 8

// memberColumn marks a scorerRun that is a summary of another scorer's
// member scores, not a plugin: source is that scorer's index.
type memberColumn struct {
	source int
	best   bool
}

// perMemberScorers are the indices of the scorers scored per member: the
// blocks marked member_scores = true, else, for an eval that a study names
// as an arm, the task's first scorer unless it is marked false.
func (r *evalRun) perMemberScorers() []int {
	var marked []int
	for i, sc := range r.scorers {
		if sc.member == nil && sc.cfg.MemberScores != nil && *sc.cfg.MemberScores {
			marked = append(marked, i)
		}
	}
	if len(marked) > 0 || len(r.scorers) == 0 {
		return marked
	}
	first := r.scorers[0].cfg.MemberScores
	if len(r.suite.StudiesOf(r.e.Name)) > 0 && (first == nil || *first) {
		return []int{0}
	}
	return nil
}

// prepareMemberColumns appends the best_member and mean_member columns of
// each scorer scored per member: bare names for a single such scorer,
// else prefixed with the scorer's name.
func (r *evalRun) prepareMemberColumns(context.Context, Plugins) error {
	sources := r.perMemberScorers()
	for _, i := range sources {
		prefix := ""
		if len(sources) > 1 {
			prefix = r.scorers[i].name + "_"
		}
		opts, _ := json.Marshal(map[string]string{"scorer": r.scorers[i].name})
		metrics := scoring.ListOf("mean", "stderr")
		for _, best := range []bool{true, false} {
			base, plugin := prefix+"mean_member", MeanMemberScorer
			if best {
				base, plugin = prefix+"best_member", BestMemberScorer
			}
			r.scorers = append(r.scorers, scorerRun{name: uniqueName(base, r.scorerNames()), member: &memberColumn{source: i, best: best},
				cfg: &config.Scorer{Plugin: plugin, Metrics: &metrics, Config: opts}})
		}
	}
	return nil
}

// scoresMembers reports whether any scorer is scored per member.
func (r *evalRun) scoresMembers() bool {
	for _, sc := range r.scorers {
		if sc.member != nil {
			return true
		}
	}
	return false
}

// scoreMembers scores every member with each scorer scored per member,
// fills the summary columns of scores, and returns the store's document.
func (s *sampleRun) scoreMembers(ctx context.Context, out *swarm.Result, scores []scorer.Score) *scoring.MemberScores {
	doc := &scoring.MemberScores{Version: scoring.MemberScoresVersion}
	done := map[int]*scoring.MemberScorer{}
	for i, sc := range s.r.scorers {
		if sc.member == nil {
			continue
		}
		ms, ok := done[sc.member.source]
		if !ok {
			src := s.r.scorers[sc.member.source]
			ms = &scoring.MemberScorer{Scorer: src.name, Members: s.scoreEachMember(ctx, src, out)}
			ms.Summarise()
			done[sc.member.source] = ms
			doc.Scorers = append(doc.Scorers, *ms)
		}
		scores[i] = summaryScore(ms, sc.member.best)
	}
	return doc
}

// summaryScore is a best_member or mean_member sample score: unscored when
// no member counts.
func summaryScore(ms *scoring.MemberScorer, best bool) scorer.Score {
	v := ms.MeanMember
	if best {
		v = ms.BestMember
	}
	if v == nil {
		s := scorer.Unscored()
		s.Explanation = "no member has a score"
		return s
	}
	return scorer.Score{Value: *v}
}

// scoreEachMember scores the members in roster order, a few at a time.
func (s *sampleRun) scoreEachMember(ctx context.Context, sc scorerRun, out *swarm.Result) []scoring.MemberScore {
	rec := out.Record
	members := make([]scoring.MemberScore, len(rec.Members))
	sem := make(chan struct{}, memberScoreWorkers)
	var wg sync.WaitGroup
	for i := range rec.Members {
		var output model.Output
		if i < len(out.MemberOutputs) {
			output = out.MemberOutputs[i]
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			members[i] = s.scoreMember(ctx, sc, rec, i, output)
		}()
	}
	wg.Wait()
	return members
}

// scoreMember scores member i of rec on its own output, or says why not.
func (s *sampleRun) scoreMember(ctx context.Context, sc scorerRun, rec swarm.Record, i int, output model.Output) scoring.MemberScore {
	rm := rec.Members[i]
	var ms scoring.MemberScore
	switch {
	case rm.State == swarm.StatePending:
		ms = scoring.Without(scoring.MissingNotStarted)
	case swarm.EmptyOutput(output) && sc.omits.Has(scorer.ReadsRecord):
		ms = scoring.Without(scoring.MissingEmptyOutput)
	default:
		score, err := s.scoreAsMember(ctx, sc, memberRecord(rec, i), output)
		if err != nil {
			score = scorer.Unscored()
			score.Explanation = err.Error()
			s.r.log.Warn("member scorer failed", "scorer", sc.name, "member", rm.Name, "sample", s.j.sample.ID, "error", err)
		}
		ms = scoring.MemberScoreOf(score)
		if ms.Value != nil {
			ms.Value = evallog.NewValue(ms.Value) // a dict's NaN is written as Inspect writes it
		}
	}
	ms.Name, ms.Status, ms.Submitted = rm.Name, rm.Status, rm.Submitted
	ms.Chosen = rec.Final.Member != nil && *rec.Final.Member == rm.Name
	return ms
}

// scoreAsMember asks sc for its verdict on one member's output, from inside
// that member's view (see the package comment above).
func (s *sampleRun) scoreAsMember(ctx context.Context, sc scorerRun, rec swarm.Record, output model.Output) (scorer.Score, error) {
	ctx, cancel := scoreDeadline(ctx, sc)
	defer cancel()
	name := rec.Members[0].Name
	msgs := append(append([]model.Message(nil), s.input...), output.Message)
	req := s.scoreRequest(sc, s.viewFor(name, s.memberScorerModel(sc, name)), output, msgs)
	if !sc.omits.Has(scorer.ReadsRecord) {
		req.Record = rec
	}
	if !sc.omits.Has(scorer.ReadsStore) {
		req.Store[swarm.StoreKeyResult] = mustJSON(rec)
	}
	var resp scorer.ScoreResponse
	if err := sc.impl.Score(ctx, req, &resp); err != nil {
		return scorer.Score{}, deadlineCause(ctx, err)
	}
	if resp.Diagnostics.HasError() {
		return scorer.Score{}, fmt.Errorf("%s: %s", resp.Diagnostics[0].Summary, resp.Diagnostics[0].Detail)
	}
	return resp.Score, nil
}

// memberRecord is the record as member i would have it had it run alone:
// it is the only member, and the final names it when it submitted.
func memberRecord(rec swarm.Record, i int) swarm.Record {
	m := rec.Members[i]
	out := swarm.Record{Version: rec.Version, Members: []scorer.RecordMember{m}}
	out.Final.Mode = rec.Final.Mode
	if m.Submitted {
		name := m.Name
		out.Final.Member = &name
		return out
	}
	out.Final.Mode = nil
	reason := swarm.ReasonNoSubmissions
	out.Final.Reason = &reason
	return out
}

// MetaStudies is the eval.metadata key listing the study arms an eval is:
// a list of {study, arm, role, k}, so a report reads the arms' roles from
// the logs.
const MetaStudies = "studies"

// StudyArm is one entry of eval.metadata["studies"].
type StudyArm struct {
	Study string `json:"study"`
	Arm   string `json:"arm"`
	Role  string `json:"role"`
	K     int    `json:"k"`
	// StudyK is the study's k.
	StudyK int `json:"study_k"`
}

// studyArms are the study arms the suite makes this eval.
func (r *evalRun) studyArms() []StudyArm {
	var out []StudyArm
	for _, ref := range r.suite.StudiesOf(r.e.Name) {
		out = append(out, StudyArm{Study: ref.Study.Name, Arm: ref.Arm.Label, Role: string(ref.Arm.Role),
			K: ref.Arm.K, StudyK: ref.Study.K})
	}
	return out
}
