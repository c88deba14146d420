package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// rtSample is the part of a log sample the runtime goldens pin: the record
// and the ledger exactly as written (field order included), the output,
// EvalSample.limit, the stop reason and the scores.
type rtSample struct {
	ID         any             `json:"id"`
	Epoch      int             `json:"epoch"`
	Output     string          `json:"output"`
	Limit      json.RawMessage `json:"limit"`
	StopReason any             `json:"stop_reason"`
	Record     json.RawMessage `json:"record"`
	Ledger     json.RawMessage `json:"ledger"`
	Scores     json.RawMessage `json:"scores"`
}

// rawLog is a log file read without the typed reader, so the record and
// ledger keep their bytes.
type rawLog struct {
	Status  string `json:"status"`
	Samples []struct {
		ID       any                         `json:"id"`
		Epoch    int                         `json:"epoch"`
		Output   struct{ Completion string } `json:"output"`
		Limit    json.RawMessage             `json:"limit"`
		Metadata map[string]any              `json:"metadata"`
		Store    map[string]json.RawMessage  `json:"store"`
		Scores   json.RawMessage             `json:"scores"`
		Events   []map[string]any            `json:"events"`
	} `json:"samples"`
}

func readRawLog(t *testing.T, path string) rawLog {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return decodeRawLog(t, data)
}

// decodeRawLog decodes a .json log's bytes (the store's records byte for byte) with its
// condensed samples' events expanded, as Inspect's readers expand them.
func decodeRawLog(t *testing.T, data []byte) rawLog {
	t.Helper()
	var l rawLog
	require.NoError(t, json.Unmarshal(data, &l))
	var whole struct {
		Samples []map[string]any `json:"samples"`
	}
	require.NoError(t, json.Unmarshal(data, &whole))
	for i, s := range whole.Samples {
		logcompare.ExpandSample(s)
		events, _ := s["events"].([]any)
		l.Samples[i].Events = make([]map[string]any, len(events))
		for j, e := range events {
			l.Samples[i].Events[j], _ = e.(map[string]any)
		}
	}
	return l
}

// runRuntimeSuite runs testdata/runtime/<name>.hcl one sample at a time and
// returns the log's path and the CLI's stderr.
func runRuntimeSuite(t *testing.T, name string) (string, string) {
	t.Helper()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "runtime", name+".hcl"), "--max-samples", "1")
	require.Equal(t, cli.ExitOK, code, errOut)
	require.Equal(t, "success", sum["status"], errOut)
	path := sum["log"].(string)
	validateLogFile(t, path)
	return path, errOut
}

// TestRuntimeGoldenE2E runs each suite through the CLI with the real plugin
// binaries and pins every sample's record and ledger: every member status,
// both time stops, a split budget, gate checks, a crashed agent process and
// per-member sandboxes.
func TestRuntimeGoldenE2E(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"member_limits", "share", "sample_time", "swarm_time", "crash", "gate", "per_member"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path, _ := runRuntimeSuite(t, name)
			l := readRawLog(t, path)
			var view []rtSample
			for _, s := range l.Samples {
				view = append(view, rtSample{ID: s.ID, Epoch: s.Epoch, Output: s.Output.Completion, Limit: s.Limit,
					StopReason: ledgerStopReason(t, s.Store[swarm.StoreKeyLedger]),
					Record:     s.Store[swarm.StoreKeyResult], Ledger: s.Store[swarm.StoreKeyLedger], Scores: s.Scores})
			}
			raw, err := json.MarshalIndent(view, "", "  ")
			require.NoError(t, err)
			got := append(times.ReplaceAll(raw, []byte(`"$1": "<t>"`)), '\n')
			golden := repoPath("host", "e2e", "testdata", "runtime", "golden", name+".golden.json")
			if *clitest.Update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, got, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to create %s", golden)
			assert.Equal(t, string(want), string(got))
		})
	}
}

// TestSampleTimeLimitE2E: a time-limited sample with a hanging member ends
// with EvalSample.limit and the provisional answer so far as its output.
func TestSampleTimeLimitE2E(t *testing.T) {
	t.Parallel()
	path, _ := runRuntimeSuite(t, "sample_time")
	l, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	s := l.Samples[0]
	require.NotNil(t, s.Limit)
	reason := "Time limit exceeded. limit: 1 seconds"
	assert.Equal(t, evallog.EvalSampleLimit{Type: "time", Limit: 1, Reason: &reason}, *s.Limit)
	rec := readRecord(t, s)
	assert.True(t, rec.Final.Provisional)
	assert.Equal(t, map[string]string{"solver": "submitted", "hanger": "cancelled"}, statuses(rec))
	assert.Equal(t, "42", s.Output.Completion)
	assert.JSONEq(t, `"C"`, string(mustMarshal(t, s.Scores["match"].Value)))
}

// TestCrashedAgentProcessE2E: the crash step kills the agent's plugin
// process; that member ends errored in each sample, the other submits in
// both, and the second sample ran on a relaunched process.
func TestCrashedAgentProcessE2E(t *testing.T) {
	t.Parallel()
	path, errOut := runRuntimeSuite(t, "crash")
	assert.Contains(t, errOut, "relaunching crashed plugin")
	l, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	for _, s := range l.Samples {
		assert.Equal(t, map[string]string{"solver": "submitted", "crasher": "errored"}, statuses(readRecord(t, s)))
		assert.Nil(t, s.Error, "a member's crash is not a sample error")
		assert.Equal(t, "42", s.Output.Completion)
	}
}

// TestSwarmCapOvershootE2E: concurrent members under a pooled token cap:
// the first over it stops the swarm, every member whose call meets the
// exceeded cap ends swarm_cap, and the ledger records the overshoot of the
// calls in flight instead of hiding it.
func TestSwarmCapOvershootE2E(t *testing.T) {
	t.Parallel()
	path, _ := runRuntimeSuite(t, "swarm_cap")
	raw := readRawLog(t, path).Samples[0].Store[swarm.StoreKeyLedger]
	var l swarm.Ledger
	require.NoError(t, json.Unmarshal(raw, &l))
	require.NotNil(t, l.StopReason)
	assert.Equal(t, swarm.StopSwarmCap, *l.StopReason)
	require.NotNil(t, l.Caps.Tokens)
	assert.Equal(t, swarm.Float(100), *l.Caps.Tokens)
	capped := 0
	var sum int64
	for _, m := range l.Members {
		sum += m.Meter.Usage.TotalTokens
		require.NotNil(t, m.Status)
		assert.Contains(t, []string{swarm.StatusSwarmCap, swarm.StatusSubmitted}, *m.Status,
			"%s: a member whose next call meets the exceeded cap ends swarm_cap, never stopped, as in Inspect Swarm", m.Name)
		if *m.Status == swarm.StatusSwarmCap {
			capped++
		}
	}
	assert.Positive(t, capped)
	assert.Equal(t, sum, l.Swarm.Usage.TotalTokens)
	require.NotNil(t, l.Overshoot.Tokens)
	assert.Equal(t, swarm.Float(l.Swarm.Usage.TotalTokens-100), *l.Overshoot.Tokens)
	assert.Positive(t, float64(*l.Overshoot.Tokens), "the call that crossed the cap is recorded")
}

// TestPerMemberSandboxesE2E: each member writes only in its own sandbox;
// another member's directory and absolute paths are refused as tool errors.
func TestPerMemberSandboxesE2E(t *testing.T) {
	t.Parallel()
	path, _ := runRuntimeSuite(t, "per_member")
	s := readRawLog(t, path).Samples[0]
	refused := map[string]string{}
	for _, e := range s.Events {
		if e["event"] != "tool" {
			continue
		}
		if te, ok := e["error"].(map[string]any); ok {
			refused[e["span_id"].(string)] = te["message"].(string)
		}
	}
	assert.Len(t, refused, 2)
	assert.Contains(t, refused["member-climber"], "outside the sandbox")
	assert.Contains(t, refused["member-absolute"], "outside the sandbox")
	_, err := os.Stat("/tmp/swarmhost-runtime-e2e-evil.txt")
	assert.True(t, os.IsNotExist(err), "nothing was written outside the sandbox")
}

// TestPreambleE2E: every member's input starts with the host's preamble:
// its name, role, the roster size and the channel instructions, and never
// text another member wrote.
func TestPreambleE2E(t *testing.T) {
	t.Parallel()
	path, _ := runRuntimeSuite(t, "preamble")
	s := readRawLog(t, path).Samples[0]
	seen := map[string]string{}
	for _, e := range s.Events {
		if e["event"] != "model" {
			continue
		}
		// the preamble is a user message right after the sample input
		input := e["input"].([]any)
		require.GreaterOrEqual(t, len(input), 2)
		pre := input[1].(map[string]any)
		require.Equal(t, "user", pre["role"])
		member := strings.TrimPrefix(e["span_id"].(string), "member-")
		seen[member] = pre["content"].(string)
	}
	roles := map[string]string{"talker": "solver", "listener-1": "critic", "listener-2": "critic"}
	require.Len(t, seen, len(roles))
	for member, pre := range seen {
		assert.True(t, strings.HasPrefix(pre, "You are "+member+". A swarm of 3 agents works on this task at once"), pre)
		assert.Contains(t, pre, "Your role is "+roles[member]+".")
		assert.Contains(t, pre, ".swarm/notes.md", "the filesystem channel's instructions")
		assert.NotContains(t, pre, "SECRET", "no member-written text in a preamble")
	}
}

// ledgerStopReason is the stop_reason of a raw ledger (nil for null).
func ledgerStopReason(t *testing.T, ledger any) any {
	t.Helper()
	raw, err := json.Marshal(ledger)
	require.NoError(t, err)
	var l struct {
		StopReason any `json:"stop_reason"`
	}
	require.NoError(t, json.Unmarshal(raw, &l))
	return l.StopReason
}

// ledgerEnding is the sample's ledger's stop_reason and ended_by ("" for
// null).
func ledgerEnding(t *testing.T, s evallog.EvalSample) (stopReason, endedBy string) {
	t.Helper()
	raw, err := json.Marshal(s.Store[swarm.StoreKeyLedger])
	require.NoError(t, err)
	var l struct {
		StopReason *string `json:"stop_reason"`
		EndedBy    *string `json:"ended_by"`
	}
	require.NoError(t, json.Unmarshal(raw, &l))
	if l.StopReason != nil {
		stopReason = *l.StopReason
	}
	if l.EndedBy != nil {
		endedBy = *l.EndedBy
	}
	return stopReason, endedBy
}
