package study

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/config"
)

// TestCompareHandComputed checks every quantity of handArms against
// values worked out by hand. The data, per sample (s1, s2, s3):
//
//	swarm (k = 3, final rule first): the swarm's score 1, 0, 0; members'
//	scores [1 0 1], [0 1 0], [0 0 0].
//	attempts (baseline, n = 4): scores [1 0 0 1], [0 0 1 0], [0 0 0 0];
//	submission times [1 3 2 4], [4 2 1 3], [1 2 3 4].
//	big (single, 3×): 1, 1, 0.
func TestCompareHandComputed(t *testing.T) {
	t.Parallel()
	r := compareHand(t, nil)
	assert.Equal(t, 3, r.K)
	assert.Equal(t, RuleFirst, r.Rule)
	want := map[string]float64{
		// final@3: (1 + 0 + 0) / 3
		"swarm final": 1.0 / 3,
		// team@3 (best member): (1 + 1 + 0) / 3
		"swarm team": 2.0 / 3,
		// mean member: (2/3 + 1/3 + 0) / 3
		"swarm mean_member": 1.0 / 3,
		// pass@3 = 1 − C(n−c,3)/C(4,3): s1 c=2: 1 − 0/4 = 1; s2 c=1:
		// 1 − 1/4 = .75; s3 c=0: 0 → (1 + .75 + 0) / 3
		"attempts pass": 1.75 / 3,
		// best@3 on 0/1 scores is pass@3
		"attempts best": 1.75 / 3,
		// select@3, the first submission of each 3 of 4 attempts:
		// s1 (times 1 3 2 4, scores 1 0 0 1): {0,1,2}→e1=1, {0,1,3}→e1=1,
		// {0,2,3}→e1=1, {1,2,3}→e3 (t2)=0: 3/4. s2 (times 4 2 1 3, scores
		// 0 0 1 0): {0,1,2}→e3=1, {0,1,3}→e2 (t2)=0, {0,2,3}→e3=1,
		// {1,2,3}→e3=1: 3/4. s3: 0. → (.75 + .75 + 0) / 3
		"attempts select": 0.5,
		// single: (1 + 1 + 0) / 3
		"big single": 2.0 / 3,
	}
	got := map[string]float64{}
	for _, q := range r.Quantities {
		require.NotNil(t, q.Value, q.Name)
		got[q.Arm+" "+string(q.Kind)] = *q.Value
	}
	assert.InDeltaMapValues(t, want, got, approx)
	// stderr of final@3: values 1 0 0, mean 1/3, sample sd √(1/3), over √3.
	near(t, "final stderr", 1.0/3, r.quantity("swarm", KindFinal).Stderr)
	assert.True(t, r.quantity("swarm", KindTeam).Oracle)
	assert.False(t, r.quantity("attempts", KindSelect).Oracle)
	// cost per sample: swarm (300+330+270)/3 = 300 tokens, $.03; the
	// baseline at k = 3: 3 × 100 tokens, 3 × $.01; single (310+290+300)/3.
	for _, q := range r.Quantities {
		near(t, q.Name+" tokens", 300, q.Tokens)
		near(t, q.Name+" dollars", 0.03, q.Dollars)
	}
}

// TestSelectLastRule: the same attempts under the last rule. s1 (times
// 1 3 2 4): {0,1,2}→e2 (t3)=0, {0,1,3}→e4=1, {0,2,3}→e4=1, {1,2,3}→e4=1:
// 3/4. s2 (times 4 2 1 3): {0,1,2}→e1=0, {0,1,3}→e1=0, {0,2,3}→e1=0,
// {1,2,3}→e4 (t3)=0: 0. s3: 0. → .75 / 3.
func TestSelectLastRule(t *testing.T) {
	t.Parallel()
	r := compareHand(t, func(arms []*Arm) { arms[0].Rule = RuleLast })
	near(t, "select@3 last", 0.25, r.quantity("attempts", KindSelect).Value)
}

// TestSelectUnderAController: a controller's choice cannot be replayed, so
// select@k is not available and says why; the other quantities stand.
func TestSelectUnderAController(t *testing.T) {
	t.Parallel()
	r := compareHand(t, func(arms []*Arm) { arms[0].Rule = "controller" })
	q := r.quantity("attempts", KindSelect)
	assert.Nil(t, q.Value)
	assert.Contains(t, q.Note, "controller rule, which cannot be replayed")
	assert.NotNil(t, r.quantity("attempts", KindPass).Value)
}

// TestPairsHandComputed checks the fair pairs' per-sample differences and
// means (values from TestCompareHandComputed, per sample s1 s2 s3).
func TestPairsHandComputed(t *testing.T) {
	t.Parallel()
	r := compareHand(t, nil)
	want := map[string][]float64{
		// team@3 1 1 0 − pass@3 1 .75 0 = 0 .25 0
		"team@3 (swarm) − pass@3 (attempts)": {0, 0.25, 0},
		"team@3 (swarm) − best@3 (attempts)": {0, 0.25, 0},
		// final@3 1 0 0 − select@3 .75 .75 0 = .25 −.75 0
		"final@3 (swarm) − select@3 (attempts)": {0.25, -0.75, 0},
		// final@3 1 0 0 − single 1 1 0 = 0 −1 0
		"final@3 (swarm) − single (3×) (big)": {0, -1, 0},
	}
	require.Len(t, r.Pairs, len(want))
	for _, p := range r.Pairs {
		diffs, ok := want[p.A+" − "+p.B]
		require.True(t, ok, "unexpected pair %s − %s", p.A, p.B)
		require.Equal(t, 3, p.Samples)
		for i, d := range diffs {
			assert.InDelta(t, d, p.Diffs[i].Diff, approx, "%s − %s sample %d", p.A, p.B, i)
		}
		near(t, p.A+" mean", (diffs[0]+diffs[1]+diffs[2])/3, p.Mean)
		require.NotNil(t, p.Low)
		assert.LessOrEqual(t, *p.Low, *p.Mean)
		assert.GreaterOrEqual(t, *p.High, *p.Mean)
	}
	assert.Equal(t, FairOracle, r.Pairs[0].Fair)
	assert.Equal(t, FairNoOracle, r.Pairs[2].Fair)
}

// TestCurvesHandComputed checks the baseline's curves over k = 1…4 at k ×
// 100 tokens. select@1 and pass@1 are the mean attempt: (2/4 + 1/4 + 0)/3.
// select@2 (first rule), 6 pairs each: s1 {0,1}→1 {0,2}→1 {0,3}→1
// {1,2}→e3=0 {1,3}→e2=0 {2,3}→e3=0: 1/2; s2 {0,1}→e2=0 {0,2}→1 {0,3}→e4=0
// {1,2}→1 {1,3}→e2=0 {2,3}→1: 1/2 → (1/2 + 1/2)/3. select@4: the earliest
// of all: s1 e1=1, s2 e3=1 → 2/3. pass@2: s1 1 − C(2,2)/C(4,2) = 5/6, s2
// 1 − C(3,2)/C(4,2) = 1/2 → (5/6 + 1/2)/3.
func TestCurvesHandComputed(t *testing.T) {
	t.Parallel()
	r := compareHand(t, nil)
	byName := map[string]Curve{}
	for _, c := range r.Curves {
		byName[c.Name] = c
	}
	values := func(name string) []float64 {
		var out []float64
		for _, p := range byName[name].Points {
			out = append(out, p.Value)
		}
		return out
	}
	assert.InDeltaSlice(t, []float64{0.25, 1.0 / 3, 0.5, 2.0 / 3}, values("select@k (attempts)"), approx)
	assert.InDeltaSlice(t, []float64{0.25, (5.0/6 + 0.5) / 3, 1.75 / 3, 2.0 / 3}, values("pass@k (attempts)"), approx)
	var tokens []float64
	for _, p := range byName["select@k (attempts)"].Points {
		tokens = append(tokens, p.Tokens)
	}
	assert.InDeltaSlice(t, []float64{100, 200, 300, 400}, tokens, approx)
	assert.True(t, byName["pass@k (attempts)"].Oracle)
	assert.InDeltaSlice(t, []float64{1.0 / 3}, values("final@k (swarm)"), approx)
	assert.InDeltaSlice(t, []float64{2.0 / 3}, values("team@k (swarm)"), approx)
	assert.InDeltaSlice(t, []float64{2.0 / 3}, values("single agent"), approx)
}

// TestMemberRowsHandComputed: m1 is chosen in every sample and right in
// s1; m2 right in s2; m3 right in s1.
func TestMemberRowsHandComputed(t *testing.T) {
	t.Parallel()
	r := compareHand(t, nil)
	var rows []MemberRow
	for _, m := range r.Members {
		if m.Arm == "swarm" {
			rows = append(rows, m)
		}
	}
	require.Len(t, rows, 3)
	for i, want := range []struct{ chosen, right int }{{3, 1}, {0, 1}, {0, 1}} {
		assert.Equal(t, want.chosen, rows[i].Chosen, rows[i].Member)
		assert.Equal(t, want.right, rows[i].Right, rows[i].Member)
		assert.Equal(t, map[string]int{"submitted": 3}, rows[i].Statuses)
		near(t, rows[i].Member+" mean", 1.0/3, rows[i].MeanScore)
	}
}

// TestTeamWithoutMemberScores: an Inspect Swarm arm has no member scores,
// so team@k and the mean member are marked as not recorded, and their pairs
// are left out.
func TestTeamWithoutMemberScores(t *testing.T) {
	t.Parallel()
	r := compareHand(t, func(arms []*Arm) {
		arms[0].Source, arms[0].MemberScores = SourceInspectSwarm, false
		for i := range arms[0].Samples {
			a := &arms[0].Samples[i].Attempts[0]
			a.Best, a.Mean = nil, nil
		}
	})
	team := r.quantity("swarm", KindTeam)
	assert.Nil(t, team.Value)
	assert.Contains(t, team.Note, "Inspect Swarm scores no member")
	assert.Nil(t, r.quantity("swarm", KindMeanMember).Value)
	assert.Len(t, r.Pairs, 4, "pairs are listed, the team's without numbers")
	for _, p := range r.Pairs[:2] {
		assert.Nil(t, p.Mean, p.A)
		assert.Zero(t, p.Samples)
	}
}

// TestCompareRefuses: two baselines, repeated labels and unknown roles.
func TestCompareRefuses(t *testing.T) {
	t.Parallel()
	arms := handArms()
	arms[2].Role = config.RoleBaseline
	_, err := Compare(arms, Options{})
	assert.ErrorContains(t, err, "more than one baseline")
	arms = handArms()
	arms[2].Label = "swarm"
	_, err = Compare(arms, Options{})
	assert.ErrorContains(t, err, `two arms are labelled "swarm"`)
	_, err = Compare(nil, Options{})
	assert.ErrorContains(t, err, "no arms")
}
