package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestSeedScorersExample runs examples/seed-scorers: the seed page's own
// Inspect scorers, tests_pass() and any_member_proved(), through the seed
// plugin (the Inspect bridge) on per-member local sandboxes. Each names the
// members whose work passes, and fails the sample nobody's work passes.
func TestSeedScorersExample(t *testing.T) {
	t.Parallel()
	venvPython(t)
	sums := runJSONEvals(t, repoPath("examples", "seed-scorers"))
	type verdict struct {
		Value any
		Who   any
	}
	cases := []struct {
		name, eval, key string
		want            map[string]verdict
		statuses        map[string]string
	}{
		{name: "tests_pass", eval: "tests_pass", key: "passed",
			want: map[string]verdict{"wants-42": {"C", []any{"coder-42"}}, "wants-41": {"C", []any{"coder-41"}},
				"wants-40": {"I", []any{}}},
			statuses: map[string]string{"coder-42": "submitted", "coder-41": "submitted"}},
		{name: "any_member_proved credits stopped provers", eval: "any_member_proved", key: "proved",
			want: map[string]verdict{"n91": {"C", []any{"prover-7", "prover-13"}}, "n221": {"C", []any{"prover-13"}},
				"n97": {"I", []any{}}},
			statuses: map[string]string{"guesser": "submitted", "prover-7": "stopped", "prover-13": "stopped"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sum := sums[tc.eval]
			require.NotNil(t, sum, "eval %s ran", tc.eval)
			assert.InDelta(t, 2.0/3.0, scoreOf(sum, "seed", "accuracy"), 1e-9)
			got := map[string]verdict{}
			for id, s := range samplesByID(t, sum["log"].(string)) {
				sc := s.Scores["seed"]
				got[id] = verdict{sc.Value.Interface(), sc.Metadata[tc.key]}
				assert.Equal(t, tc.statuses, statuses(readRecord(t, s)), id)
			}
			assert.Equal(t, tc.want, got)
			validateLogFile(t, sum["log"].(string))
		})
	}
}

// TestInspectModelGradedScorers runs Inspect's model_graded_qa and
// model_graded_fact through the inspect plugin with the model block each
// scorer block names: the grade is the host model's, each call is a model
// event in its scorer's span and counts in the sample's model usage; the
// scorer block without a model raises, which ends the sample in error
// saying why (the scores before it kept), as a raising scorer does in
// Inspect, and so fails the eval.
func TestInspectModelGradedScorers(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "python", "inspect_model_graded.hcl"))
	require.Equal(t, cli.ExitFailed, code, errOut)
	s := samplesByID(t, sum["log"].(string))["q1"]
	assert.Equal(t, "C", s.Scores["inspect"].Value.Interface(), "lenient grader")
	assert.Equal(t, "I", s.Scores["inspect1"].Value.Interface(), "strict grader")
	assert.NotContains(t, s.Scores, "inspect2")
	require.NotNil(t, s.Error)
	assert.Contains(t, s.Error.Message, "scorer inspect2 failed")
	assert.Contains(t, s.Error.Message, "no model for this scorer")

	spans, models := map[string]string{}, map[string][]string{}
	for _, e := range s.Events {
		switch ev := e.(type) {
		case evallog.SpanBeginEvent:
			spans[ev.ID] = ev.Name
		case evallog.ModelEvent:
			models[spans[ev.SpanID]] = append(models[spans[ev.SpanID]], ev.Model)
			if spans[ev.SpanID] == "inspect" {
				require.NotEmpty(t, ev.Input)
				assert.Contains(t, ev.Input[0].Content.String(), "What is six times seven?", "Inspect's grading prompt")
			}
		}
	}
	assert.Equal(t, map[string][]string{"inspect": {"mockllm/lenient"}, "inspect1": {"mockllm/strict"}}, models)
	for _, name := range []string{"mockllm/lenient", "mockllm/strict"} {
		assert.Positive(t, s.ModelUsage[name].TotalTokens, "%s in the sample's usage", name)
	}
	validateLogFile(t, sum["log"].(string))
}

// TestSeedScorersContainers runs examples/seed-scorers/containers: the
// seed's tests_pass() with its own /tests/run.sh, in each member's
// container, through the bridge; the containers are removed after.
func TestSeedScorersContainers(t *testing.T) {
	needContainers(t, "localhost/swarmhost-busybox:2")
	venvPython(t)
	sum := runJSONEvals(t, repoPath("examples", "seed-scorers", "containers"))["tests_pass"]
	require.NotNil(t, sum)
	got := map[string][2]any{}
	for id, s := range samplesByID(t, sum["log"].(string)) {
		got[id] = [2]any{s.Scores["seed"].Value.Interface(), s.Scores["seed"].Metadata["passed"]}
	}
	assert.Equal(t, map[string][2]any{"wants-42": {"C", []any{"coder-42"}}, "wants-41": {"C", []any{"coder-41"}},
		"wants-40": {"I", []any{}}}, got)
	assert.Zero(t, ownContainers(t), "every sample's container was removed")
	validateLogFile(t, sum["log"].(string))
}
