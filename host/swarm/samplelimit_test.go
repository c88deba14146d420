package swarm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// TestSampleLimitHit words each sample limit as Inspect's limits do, with
// Python's thousands separators and "reached" at equality.
func TestSampleLimitHit(t *testing.T) {
	t.Parallel()
	tokens, messages, turns, cost := int64(30), int64(7), int64(3), 1.5
	l := Limits{Tokens: &tokens, Messages: &messages, Turns: &turns, Cost: &cost}
	cases := []struct {
		name     string
		kind     string
		metering string
		sample   account
		messages int64
		want     SampleLimitHit
	}{
		{"token exceeded", LimitToken, "", account{usage: model.Usage{TotalTokens: 36}}, 0,
			SampleLimitHit{LimitToken, "Token limit exceeded. value: 36; limit: 30", 30}},
		{"token reached", LimitToken, MeterTotal, account{usage: model.Usage{TotalTokens: 30}}, 0,
			SampleLimitHit{LimitToken, "Token limit reached. value: 30; limit: 30", 30}},
		{"output tokens", LimitToken, MeterOutput, account{usage: model.Usage{OutputTokens: 1234}}, 0,
			SampleLimitHit{LimitToken, "Output token limit exceeded. value: 1,234; limit: 30", 30}},
		{"inspect tokens", LimitToken, MeterInspect, account{usage: model.Usage{InputTokens: 20, InputCacheRead: 10, OutputTokens: 1}}, 0,
			SampleLimitHit{LimitToken, "Token limit exceeded (inspect). value: 31; limit: 30", 30}},
		{"a formula", LimitToken, "(input*0.1)+output", account{usage: model.Usage{InputTokens: 100, OutputTokens: 25}}, 0,
			SampleLimitHit{LimitToken, "Token limit exceeded ((input*0.1)+output). value: 35; limit: 30", 30}},
		{"message", LimitMessage, "", account{}, 8,
			SampleLimitHit{LimitMessage, "Message limit exceeded. count: 8; limit: 7", 7}},
		{"turn", LimitTurn, "", account{calls: 4}, 0,
			SampleLimitHit{LimitTurn, "Turn limit exceeded. value: 4; limit: 3", 3}},
		{"cost", LimitCost, "", account{cost: 1600.25}, 0,
			SampleLimitHit{LimitCost, "Cost limit exceeded. value: $1,600.2500; limit: $1.5000", 1.5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := &runtime{sampleAcct: tc.sample}
			l := l
			l.Metering = tc.metering
			assert.Equal(t, tc.want, r.sampleLimitHit(tc.kind, l, tc.messages))
		})
	}
	assert.Equal(t, SampleLimitHit{LimitTime, "Time limit exceeded. limit: 8 seconds", 8}, TimeLimitHit(8))
	assert.Equal(t, "1,234,567", thousands(1234567))
}

// TestSampleLimitCountsUsageBeforeTheSwarm: what the sample used before the
// swarm (an Inspect task's setup steps' calls, Spec.SampleUsage) counts
// toward its limits, as Inspect counts every call of a sample, but not
// toward the swarm's ledger.
func TestSampleLimitCountsUsageBeforeTheSwarm(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		before   model.Usage
		endedBy  string
		swarmTok int64
	}{
		"nothing before: both calls fit":    {endedBy: "", swarmTok: 20},
		"setup calls before: the limit met": {before: usage(10, 5), endedBy: "sample_limit:token", swarmTok: 10},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fixed := &fixedModel{name: "fixed/model", usage: usage(6, 4)}
			ag := newAgent(map[string][]step{"a": {generate("x"), generate("y"), answer("A")}})
			res := run(t, t.Context(), Spec{Members: roster(ag, fixed, "a"), Controller: &testController{},
				Budget: Budget{Sample: Limits{Tokens: i64(25)}}, SampleUsage: tc.before}, Hooks{})
			assert.Equal(t, tc.endedBy, res.EndedBy)
			assert.Equal(t, tc.swarmTok, res.Ledger.Swarm.Usage.TotalTokens, "the swarm's ledger has its own calls only")
			if tc.endedBy != "" && assert.NotNil(t, res.SampleLimit) {
				assert.Equal(t, "Token limit reached. value: 25; limit: 25", res.SampleLimit.Message)
			}
		})
	}
}

// TestSampleCostLimitCountsUsageBeforeTheSwarm: the setup's usage costs
// what the eval's model (the first member's) charges, toward a sample cost
// limit.
func TestSampleCostLimitCountsUsageBeforeTheSwarm(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		before  model.Usage
		endedBy string
	}{
		"nothing before: $20 of $20":     {endedBy: ""},
		"setup calls before: $25 of $20": {before: usage(10, 5), endedBy: "sample_limit:cost"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fixed := &fixedModel{name: "fixed/model", usage: usage(6, 4)}
			ag := newAgent(map[string][]step{"a": {generate("x"), generate("y"), answer("A")}})
			members := roster(ag, fixed, "a")
			members[0].Price = &hostmodel.Price{Input: 1e6, Output: 1e6} // a dollar a token
			res := run(t, t.Context(), Spec{Members: members, Controller: &testController{},
				Budget: Budget{Sample: Limits{Cost: f64(20)}}, SampleUsage: tc.before}, Hooks{})
			assert.Equal(t, tc.endedBy, res.EndedBy)
		})
	}
}
