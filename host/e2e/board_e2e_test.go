package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
)

// TestExampleSharedMemory runs examples/shared-memory: two writers fill a
// report the editor laid out on the board, whatever their order, and every
// write, view and wait leaves its evidence.
func TestExampleSharedMemory(t *testing.T) {
	t.Parallel()
	sum := runJSONEvals(t, repoPath("examples", "shared-memory"))["shared_memory"]
	assert.Equal(t, 1.0, scoreOf(sum, "match", "accuracy"))
	path := sum["log"].(string)
	s := readRawLog(t, path).Samples[0]
	kinds := map[string]int{}
	var lastView string
	for _, e := range s.Events {
		switch e["event"] {
		case "info":
			data := e["data"].(map[string]any)
			if data["channel"] == "shared_memory" || data["kind"] == "waited" {
				kinds[data["kind"].(string)]++
			}
		case "tool":
			args, _ := e["arguments"].(map[string]any)
			if e["function"] == "shared_memory" && args["command"] == "view" && e["span_id"] == "member-editor" {
				lastView, _ = e["result"].(string)
			}
		}
	}
	assert.Equal(t, 5, kinds["sent"], "one create, two str_replace, two append")
	assert.Equal(t, 5, kinds["delivered"])
	assert.Equal(t, 7, kinds["read"])
	assert.Equal(t, 6, kinds["waited"])
	require.Contains(t, lastView, `<peer_file id="f-1" path="/shared_memory/report.md" version="3"`)
	for _, finding := range []string{"bob: the cache halves the latency", "carol: the index is never used"} {
		assert.True(t, strings.Contains(lastView, finding), "the editor's last view has %q", finding)
	}
	// the board's counts per member, where the example's README says they are
	var metrics struct {
		Members []struct {
			Name string
			Comm map[string]struct {
				Records, Reads int
			}
			Waits *int
		}
	}
	require.NoError(t, json.Unmarshal(s.Store["inspect_swarm:metrics"], &metrics))
	counts := map[string][3]int{}
	for _, m := range metrics.Members {
		require.NotNil(t, m.Waits, m.Name)
		counts[m.Name] = [3]int{m.Comm["shared_memory"].Records, m.Comm["shared_memory"].Reads, *m.Waits}
	}
	assert.Equal(t, map[string][3]int{"editor": {1, 5, 4}, "bob": {2, 1, 1}, "carol": {2, 1, 1}}, counts,
		"records, reads and waits per member")
	validateLogFile(t, path)
	checkWithInspect(t, path)
}

// TestBoardValidateE2E: `swarmhost validate` reports every bad
// shared_memory parameter and a bad delivery mode at its value, and every
// member name the board cannot use at the name.
func TestBoardValidateE2E(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		file string
		want []string
	}{
		"parameters": {file: "bad_board.hcl", want: []string{
			`delivery must be one of "notify" or "poll"; got "push".`, "bad_board.hcl line 19",
			"max_files must be a whole number from 1 to 10000; got 0.", "bad_board.hcl line 22",
			"rate's count must be a whole number of at least 1; got [0,60].", "bad_board.hcl line 25",
			"max_wait must be a whole number from 1 to 3600; got 7200.", "bad_board.hcl line 26",
		}},
		"member names": {file: "bad_board_names.hcl", want: []string{
			`cannot use the member name "Bob": names must start with a lowercase letter`, "bad_board_names.hcl line 19",
			`cannot use the member name "eve\" writer=\"bob"`, "bad_board_names.hcl line 22",
		}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, "validate", repoPath("host", "e2e", "testdata", "channels", tc.file))
			assert.Equal(t, cli.ExitUsage, code, out)
			for _, s := range tc.want {
				assert.Contains(t, errOut, s)
			}
			assert.NotContains(t, errOut, `"carol"`)
		})
	}
}

// TestReactBoardE2E: the react agent is offered the board's tools, and
// swarm_resources when the swarm has a cap, and its calls reach them.
func TestReactBoardE2E(t *testing.T) {
	t.Parallel()
	s := readRawLog(t, runChannelsSuite(t, "react_board")).Samples[0]
	results := map[string]string{}
	for _, e := range s.Events {
		if e["event"] == "tool" {
			results[e["function"].(string)] += e["result"].(string)
		}
	}
	assert.Contains(t, results["shared_memory"], "Created /shared_memory/plan.md as f-1 (version 1).")
	assert.Contains(t, results["shared_memory"], `<peer_file id="f-1" path="/shared_memory/plan.md" version="1" writer="solo" record="w-1">`)
	assert.Equal(t, "Nothing can change now: every member is waiting, has ended or has not started.", results["swarm_wait"])
	assert.Contains(t, results["swarm_resources"], "Tokens: the swarm has used ")
	assert.Contains(t, results["swarm_resources"], " of its 100,000 cap, leaving ")
}
