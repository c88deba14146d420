package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/inspecttask"
)

// TestWithTaskConfig: an Inspect task's GenerateConfig reaches the eval's
// model in full and other models by their operational keys only, over the
// model block's own config, leaving out what the host's models do not take.
func TestWithTaskConfig(t *testing.T) {
	t.Parallel()
	task := map[string]any{"temperature": 0.25, "max_retries": 3.0, "max_tool_output": 100.0, "seed": nil}
	run := func(taskConfig map[string]any) *evalRun {
		r := &evalRun{
			suite: &config.Suite{Models: map[string]*config.Model{"main": {}, "other": {}}},
			sw: &config.Swarm{Roster: []config.RosterEntry{
				{Name: "a", Member: &config.Member{Model: "main"}},
				{Name: "b", Member: &config.Member{Model: "other"}},
			}},
		}
		if taskConfig != nil {
			r.inspect = &inspectRun{desc: &inspecttask.Description{Config: taskConfig}}
		}
		return r
	}
	for _, tc := range []struct {
		name  string
		task  map[string]any
		model string
		own   map[string]any
		want  map[string]any
	}{
		{name: "not an Inspect task", model: "main", own: map[string]any{"temperature": 1.0},
			want: map[string]any{"temperature": 1.0}},
		{name: "the eval's model takes every key the host knows, over its own", task: task, model: "main",
			own: map[string]any{"temperature": 1.0, "top_p": 0.5}, want: map[string]any{"temperature": 0.25, "max_retries": 3.0, "top_p": 0.5}},
		{name: "another model takes the operational keys", task: task, model: "other",
			own: map[string]any{"temperature": 1.0}, want: map[string]any{"temperature": 1.0, "max_retries": 3.0}},
		{name: "a model without a config of its own", task: task, model: "main",
			want: map[string]any{"temperature": 0.25, "max_retries": 3.0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var before map[string]any
			if tc.own != nil {
				before = map[string]any{}
				for k, v := range tc.own {
					before[k] = v
				}
			}
			assert.Equal(t, tc.want, run(tc.task).withTaskConfig(tc.model, tc.own))
			assert.Equal(t, before, tc.own, "the block's own config is not changed")
		})
	}
}
