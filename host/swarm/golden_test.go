package swarm

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// floatTimes matches the record's swarm-clock values, which vary run to run.
var floatTimes = regexp.MustCompile(`("(?:time|first_pass_time)": )-?[0-9][0-9.eE+-]*`)

// goldenJSON renders a record as indented JSON with its times replaced by a
// placeholder, so the golden files are deterministic.
func goldenJSON(t *testing.T, rec Record) []byte {
	t.Helper()
	raw, err := json.MarshalIndent(rec, "", "  ")
	require.NoError(t, err)
	return append(floatTimes.ReplaceAll(raw, []byte(`${1}"<float>"`)), '\n')
}

func TestRecordGolden(t *testing.T) {
	t.Parallel()
	passIf42 := func(_ context.Context, _, answer string) (agent.Verdict, error) {
		return agent.Verdict{Passed: answer == "42"}, nil
	}
	// members that must end in order wait for the earlier one's end (after)
	cases := map[string]struct {
		scripts func(*endings) map[string][]step
		names   []string
		ctrl    *testController
		gate    func(context.Context, string, string) (agent.Verdict, error)
		reason  string
	}{
		"first": {
			scripts: func(e *endings) map[string][]step {
				return map[string][]step{
					"solver":  {submit("42"), answer("42")},
					"checker": {after(e, "solver"), submit("41"), answer("41")},
				}
			},
			names: []string{"solver", "checker"}, ctrl: &testController{mode: controller.FinalFirst},
			gate: passIf42, reason: StopAllDone,
		},
		"last": {
			scripts: func(e *endings) map[string][]step {
				return map[string][]step{
					"react-1": {answer("one")},
					"react-2": {after(e, "react-1"), answer("two")},
					"react-3": {giveUp("model_length")},
				}
			},
			names: []string{"react-1", "react-2", "react-3"}, ctrl: &testController{mode: controller.FinalLast},
			reason: StopAllDone,
		},
		"no_submission": {
			scripts: func(e *endings) map[string][]step {
				return map[string][]step{
					"react-1": {giveUp("model_length")},
					"react-2": {after(e, "react-1"), giveUp("content_filter")},
				}
			},
			names: []string{"react-1", "react-2"}, ctrl: &testController{}, reason: StopAllDone,
		},
		"stopped": {
			scripts: func(*endings) map[string][]step {
				return map[string][]step{
					"react-1": {sleep(20 * time.Millisecond), answer("one")},
					"react-2": {pollUntilRefused(30 * time.Millisecond)},
					"react-3": {answer("never")},
				}
			},
			names:  []string{"react-1", "react-2", "react-3"},
			ctrl:   &testController{startOnly: []string{"react-1", "react-2"}, stopOnSubmission: "submission"},
			reason: "controller:submission",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ends := newEndings()
			ag := newAgent(tc.scripts(ends))
			members := roster(ag, newMock(t, "m"), tc.names...)
			if name == "first" {
				members[0].Role, members[0].Sandbox = "solver", "sandbox-solver"
				members[1].Role = "checker"
			}
			res := run(t, context.Background(), Spec{Members: members, Controller: tc.ctrl, Gate: tc.gate}, ends.hooks())
			require.NoError(t, res.Error)
			assert.Equal(t, tc.reason, res.StopReason)
			got := goldenJSON(t, res.Record)
			path := filepath.Join("testdata", name+".golden.json")
			if *update {
				require.NoError(t, os.WriteFile(path, got, 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -update to create %s", path)
			assert.Equal(t, string(want), string(got))
		})
	}
}

func TestGoldenPlaceholder(t *testing.T) {
	t.Parallel()
	rec := Record{Version: 1, Members: []RecordMember{{Name: "a", State: StateEnded, Status: ptr("submitted"),
		Submitted: true, Time: ptr(1.25e-3), FirstPassTime: ptr(0.5)}, {Name: "b", State: StatePending}},
		Final: noSubmissions(true)}
	got := string(goldenJSON(t, rec))
	assert.Contains(t, got, `"time": "<float>"`)
	assert.Contains(t, got, `"first_pass_time": "<float>"`)
	assert.Contains(t, got, `"time": null`)
	assert.NotContains(t, got, "0.5")
}
