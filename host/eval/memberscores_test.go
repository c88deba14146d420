package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/swarm"
)

func ptr[T any](v T) *T { return &v }

// TestMemberRecord: a member scored alone sees a record of itself, whose
// final names it when it submitted and says no_submissions otherwise.
func TestMemberRecord(t *testing.T) {
	t.Parallel()
	rec := swarm.Record{Version: 1, Members: []swarm.RecordMember{
		{Name: "a", State: swarm.StateEnded, Status: ptr(swarm.StatusSubmitted), Submitted: true, Sandbox: ptr("a")},
		{Name: "b", State: swarm.StateEnded, Status: ptr(swarm.StatusStopped), Sandbox: ptr("b")},
	}, Final: swarm.Final{Mode: ptr("first"), Member: ptr("a")}}
	a := memberRecord(rec, 0)
	assert.Equal(t, []swarm.RecordMember{rec.Members[0]}, a.Members)
	assert.Equal(t, swarm.Final{Mode: ptr("first"), Member: ptr("a")}, a.Final)
	b := memberRecord(rec, 1)
	assert.Equal(t, []swarm.RecordMember{rec.Members[1]}, b.Members)
	assert.Equal(t, swarm.Final{Reason: ptr(swarm.ReasonNoSubmissions)}, b.Final)
	assert.Equal(t, ptr("a"), rec.Final.Member, "the swarm's record is left alone")
}

// TestPerMemberScorers: marked blocks win; a study arm scores its task's
// first scorer unless that block says false; other evals score none.
func TestPerMemberScorers(t *testing.T) {
	t.Parallel()
	study := &config.Suite{Studies: []*config.Study{{Name: "s", Arms: []*config.StudyArm{{Label: "x", Eval: "arm"}}}}}
	run := func(suite *config.Suite, eval string, marks ...*bool) []int {
		r := &evalRun{suite: suite, e: &config.Eval{Name: eval}}
		for _, m := range marks {
			r.scorers = append(r.scorers, scorerRun{cfg: &config.Scorer{MemberScores: m}})
		}
		return r.perMemberScorers()
	}
	yes, no := ptr(true), ptr(false)
	assert.Nil(t, run(&config.Suite{}, "arm", nil, nil), "not in a study, nothing marked")
	assert.Equal(t, []int{1}, run(&config.Suite{}, "arm", nil, yes), "a marked block")
	assert.Equal(t, []int{0}, run(study, "arm", nil, nil), "a study arm: the first scorer")
	assert.Equal(t, []int{1}, run(study, "arm", nil, yes), "a study arm with a marked block: that block")
	assert.Nil(t, run(study, "arm", no, nil), "a study arm whose first scorer says false")
	assert.Nil(t, run(study, "other", nil), "an eval the study does not name")
	assert.Nil(t, run(study, "arm"), "no scorer")
}
