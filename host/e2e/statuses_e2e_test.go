package e2e

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestNonSubmissionStatusesE2E: through the real scripted plugin and the
// agent host's StopSelf RPC, a member that gives up ends "unsubmitted",
// one that stops itself "member_limit:custom", and the one that submits
// is the answer.
func TestNonSubmissionStatusesE2E(t *testing.T) {
	t.Parallel()
	path, _ := runRuntimeSuite(t, "statuses")
	l, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	s := l.Samples[0]
	rec := readRecord(t, s)
	assert.Equal(t, map[string]string{"giver": "unsubmitted", "filtered": "unsubmitted",
		"quitter": "member_limit:custom", "solver": "submitted"}, statuses(rec))
	assert.Equal(t, [3]string{"first", "solver", ""}, finalOf(rec))
	assert.Equal(t, "42", s.Output.Completion)
	assert.Equal(t, "all_done", sampleStopReason(t, s))
}

// TestMemberErrorE2E: a member that raises ends the sample in error, as in
// Inspect Swarm: the hanging member is cancelled at once, the sample is not
// scored, has no final event, its messages are the input only, and the
// member's reason is in the sample's error and in its member_result
// evidence.
func TestMemberErrorE2E(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "runtime", "member_error.hcl"))
	require.Equal(t, cli.ExitFailed, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	s := l.Samples[0]
	require.NotNil(t, s.Error)
	assert.Contains(t, s.Error.Message, "member buggy")
	assert.Contains(t, s.Error.Message, "the tool broke")
	rec := readRecord(t, s)
	assert.Equal(t, map[string]string{"solver": "submitted", "buggy": "errored", "slow": "cancelled"}, statuses(rec))
	assert.True(t, rec.Final.Provisional)
	assert.Equal(t, "", sampleStopReason(t, s), "no stop began: null")
	assert.Len(t, s.Messages, 1, "no final step: the input only")
	assert.Empty(t, s.Scores, "an errored sample is not scored")

	// the results' metrics are NaN (no sample was scored): read the events
	// with the bare NaN tokens as null
	data, err := os.ReadFile(sum["log"].(string))
	require.NoError(t, err)
	raw := decodeRawLog(t, bytes.ReplaceAll(data, []byte("NaN"), []byte("null")))
	var memberErr string
	for _, e := range raw.Samples[0].Events {
		data, _ := e["data"].(map[string]any)
		if e["event"] != "info" || data == nil {
			continue
		}
		assert.NotEqual(t, "final", data["kind"], "no final event")
		if data["kind"] == "member_result" && data["member"] == "buggy" {
			memberErr, _ = data["error"].(string)
		}
	}
	assert.Contains(t, memberErr, "the tool broke", "the member's evidence names its error")
	validateLogFile(t, sum["log"].(string))
}

// TestValidationAsInspectSwarmE2E: `swarmhost validate` refuses what
// Inspect Swarm refuses, each with the file, line and snippet.
func TestValidationAsInspectSwarmE2E(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "validate", repoPath("host", "e2e", "testdata", "validation", "final_last.hcl"))
	assert.Equal(t, cli.ExitUsage, code, out)
	for _, s := range []string{`final = "last" needs stop_on_submission = false`, "final_last.hcl line 23",
		`final = "last"`} {
		assert.Contains(t, errOut, s)
	}
	code, out, errOut = runCLI(t, "validate", repoPath("host", "e2e", "testdata", "validation", "filesystem.hcl"))
	assert.Equal(t, cli.ExitUsage, code, out)
	for _, s := range []string{"Scratch directory with a shared volume", "filesystem.hcl line 25", `scratch = "mine/{member}"`} {
		assert.Contains(t, errOut, s)
	}
}
