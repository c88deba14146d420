package swarm

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

func TestResourcesText(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		budget agent.Budget
		want   string
	}{
		"no cap": {budget: agent.Budget{Split: SplitPool, TokenType: "all"}, want: "The swarm has no cost, token or time cap."},
		"pool": {budget: agent.Budget{Split: SplitPool, TokenType: "all",
			Tokens: &agent.BudgetUsage{Cap: 12000, Used: 1234}, Time: &agent.BudgetUsage{Cap: 600, Used: 12.4}},
			want: "Tokens: the swarm has used 1,234 of its 12,000 cap, leaving 10,766.\n" +
				"Time: the swarm has used 12 seconds of its 600 seconds cap, leaving 588 seconds."},
		"split, metered output, overspent": {budget: agent.Budget{Split: SplitEqual, TokenType: "output",
			Cost:   &agent.BudgetUsage{Cap: 1.5, Used: 0.25, Share: f64(0.75), ShareUsed: f64(0.8)},
			Tokens: &agent.BudgetUsage{Cap: 100, Used: 10, Share: f64(50), ShareUsed: f64(10)}},
			want: "Cost: the swarm has used $0.2500 of its $1.5000 cap, leaving $1.2500.\n" +
				"Cost, your share: you have used $0.8000 of $0.7500, leaving $0.0000.\n" +
				"Tokens (output): the swarm has used 10 of its 100 cap, leaving 90.\n" +
				"Tokens (output), your share: you have used 10 of 50, leaving 40."},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, ResourcesText(tc.budget))
		})
	}
}

// readBudget records the member's budget read and its swarm_resources
// answer after one model call.
func readBudget(got *agent.Budget, text *string) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		if err := r.generate(ctx, "go"); err != nil {
			return false, err
		}
		b, err := agent.ReadBudget(ctx, r.req.Host)
		if err != nil {
			return false, err
		}
		*got = b
		res, err := r.req.Host.CallTool(ctx, resourcesCall)
		*text = res.Content
		return false, err
	}
}

var resourcesCall = model.ToolCall{ID: "r", Function: ToolResources}

func TestMemberBudget(t *testing.T) {
	t.Parallel()
	var a, b agent.Budget
	var aText, bText string
	ag := newAgent(map[string][]step{"a": {readBudget(&a, &aText)}, "b": {sleep(50 * time.Millisecond), readBudget(&b, &bText)}})
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{},
		Budget: Budget{Tokens: i64(1000), Time: dur(time.Hour), Split: SplitEqual}}
	run(t, context.Background(), spec, Hooks{})
	require.NotNil(t, a.Tokens)
	assert.Equal(t, SplitEqual, a.Split)
	assert.Equal(t, "all", a.TokenType)
	assert.Equal(t, 1000.0, a.Tokens.Cap)
	assert.Equal(t, 500.0, *a.Tokens.Share)
	assert.Equal(t, *a.Tokens.ShareUsed, a.Tokens.Used, "a's call was the swarm's only one when it read")
	assert.Positive(t, a.Tokens.Used)
	assert.Greater(t, b.Tokens.Used, *b.Tokens.ShareUsed, "b reads after a's call too")
	assert.Nil(t, a.Cost)
	assert.Equal(t, 3600.0, a.Time.Cap)
	assert.Nil(t, a.Time.Share, "time is never split")
	assert.Contains(t, aText, "Tokens, your share: you have used ")
	assert.Contains(t, bText, "Time: the swarm has used ")
}

// listTools records the names of the tools the host offers the member.
func listTools(names *[]string) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		tools, err := r.req.Host.ListTools(ctx)
		for _, ti := range tools {
			*names = append(*names, ti.Name)
		}
		return false, err
	}
}

// TestResourcesOfferedWithACap: swarm_resources is among a member's tools
// exactly when the swarm has a cost, token or time cap, configured or
// derived from the task's limits.
func TestResourcesOfferedWithACap(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		budget Budget
		want   bool
	}{
		"no cap":                  {budget: Budget{}},
		"a token cap":             {budget: Budget{Tokens: i64(1000)}, want: true},
		"a cost cap":              {budget: Budget{Cost: f64(2)}, want: true},
		"a time cap":              {budget: Budget{Time: dur(time.Hour)}, want: true},
		"derived from the sample": {budget: Budget{Sample: Limits{Tokens: i64(5000)}}, want: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var names []string
			ag := newAgent(map[string][]step{"a": {listTools(&names)}})
			run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{},
				Budget: tc.budget}, Hooks{})
			assert.Equal(t, tc.want, slices.Contains(names, ToolResources), "tools: %v", names)
		})
	}
}
