package eval

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// TestSampleLimit maps a sample-limit stop to EvalSample.limit, with the
// task's limit as its value; other stops have none.
func TestSampleLimit(t *testing.T) {
	t.Parallel()
	tokens, messages, turns, cost, limit := int64(5000), int64(40), int64(12), 1.5, 90*time.Second
	r := &evalRun{task: &config.Task{Limits: config.TaskLimits{Limits: config.Limits{Tokens: &tokens,
		Messages: &messages, Turns: &turns, Cost: &cost, Time: &limit}}}}
	cases := map[string]*evallog.EvalSampleLimit{
		"sample_limit:token":   {Type: "token", Limit: 5000},
		"sample_limit:message": {Type: "message", Limit: 40},
		"sample_limit:turn":    {Type: "turn", Limit: 12},
		"sample_limit:cost":    {Type: "cost", Limit: 1.5},
		"sample_limit:time":    {Type: "time", Limit: 90},
		"swarm_cap":            nil,
		"swarm_time":           nil,
		"operator":             nil,
		"all_done":             nil,
	}
	for reason, want := range cases {
		t.Run(reason, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, want, r.sampleLimit(reason, nil))
		})
	}
	assert.Nil(t, (&evalRun{task: &config.Task{}}).sampleLimit("sample_limit:token", nil), "no such limit configured")
	hit := &swarm.SampleLimitHit{Type: "token", Limit: 30, Message: "Token limit exceeded. value: 36; limit: 30"}
	assert.Equal(t, &evallog.EvalSampleLimit{Type: "token", Limit: 30, Reason: &hit.Message},
		r.sampleLimit("sample_limit:token", hit), "the swarm's hit gives Inspect's reason")
}
