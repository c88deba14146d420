package e2e

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// These tests run the escalate and vote controller plugins as their own
// binaries (swarmhost-controller-escalate, swarmhost-controller-vote, built
// by TestMain) through the real command line.

// runSamples runs a suite with args, checks the exit code, and returns the
// summary and the samples keyed by id. Tests check the log's schema last,
// with validateLogFile(t, sum["log"]): it skips when Inspect's schema is
// missing, and a skip must not hide their assertions.
func runSamples(t *testing.T, wantCode int, args ...string) (map[string]any, map[string]evallog.EvalSample) {
	t.Helper()
	code, sum, errOut := runJSON(t, args...)
	require.Equal(t, wantCode, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	out := map[string]evallog.EvalSample{}
	for _, s := range l.Samples {
		out[s.ID.String()] = s
	}
	return sum, out
}

// sampleStopReason is the swarm's stop reason as the sample's ledger
// records it; "" for null (an error, a sample limit or the operator ended
// the sample).
func sampleStopReason(t *testing.T, s evallog.EvalSample) string {
	t.Helper()
	stop, _ := ledgerEnding(t, s)
	return stop
}

// finalOf flattens the record's final entry; nil pointers become "".
func finalOf(rec swarm.Record) [3]string {
	deref := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	return [3]string{deref(rec.Final.Mode), deref(rec.Final.Member), deref(rec.Final.Reason)}
}

func recordMember(t *testing.T, rec swarm.Record, name string) swarm.RecordMember {
	t.Helper()
	for _, m := range rec.Members {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("no member %q in %+v", name, rec.Members)
	return swarm.RecordMember{}
}

// earliest is the member among names that ended first on the swarm clock,
// equal times to the earlier in roster order. Tests ask the record rather
// than assume the order sleeps aim for, which a loaded machine can upset.
func earliest(t *testing.T, rec swarm.Record, names ...string) string {
	t.Helper()
	best := ""
	var bestTime float64
	for _, m := range rec.Members {
		if !slices.Contains(names, m.Name) {
			continue
		}
		require.NotNil(t, m.Time, "%s has ended", m.Name)
		if best == "" || *m.Time < bestTime {
			best, bestTime = m.Name, *m.Time
		}
	}
	return best
}

func matchAccuracy(sum map[string]any) any {
	return sum["scores"].(map[string]any)["match"].(map[string]any)["accuracy"]
}

// The example: cheap passes its gate on q1 (the experts never start) and
// fails it on q2 and q3, where the experts start only after cheap ended.
func TestEscalateExample(t *testing.T) {
	t.Parallel()
	sum, samples := runSamples(t, cli.ExitOK, repoPath("examples", "escalate"))
	assert.Equal(t, "success", sum["status"])
	assert.InDelta(t, 1.0, matchAccuracy(sum), 1e-9)
	require.Len(t, samples, 3)

	q1 := samples["q1"]
	rec := readRecord(t, q1)
	assert.Equal(t, map[string]string{"cheap": "submitted", "expert-1": "pending", "expert-2": "pending"}, statuses(rec))
	assert.Equal(t, [3]string{"controller", "cheap", "first_passed"}, finalOf(rec))
	assert.False(t, rec.Final.Provisional)
	assert.Equal(t, "controller:first_passed", sampleStopReason(t, q1))
	assert.Equal(t, 1, recordMember(t, rec, "cheap").GatePasses)
	assert.Equal(t, "The answer is 42", q1.Output.Completion)

	for id, answer := range map[string]string{"q2": "The answer is 7", "q3": "The answer is 4"} {
		s := samples[id]
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"cheap": "submitted", "expert-1": "submitted", "expert-2": "submitted"},
			statuses(rec), id)
		cheap := recordMember(t, rec, "cheap")
		assert.Equal(t, [2]int{1, 0}, [2]int{cheap.GateChecks, cheap.GatePasses}, "%s: cheap failed its one gate check", id)
		for _, name := range []string{"expert-1", "expert-2"} {
			expert := recordMember(t, rec, name)
			require.NotNil(t, expert.FirstPassTime, "%s %s", id, name)
			assert.Greater(t, *expert.FirstPassTime, *cheap.Time, "%s: %s started after cheap ended", id, name)
		}
		f := finalOf(rec)
		assert.Equal(t, "controller", f[0], id)
		assert.Contains(t, []string{"expert-1", "expert-2"}, f[1], "%s: an expert's answer, never cheap's failed one", id)
		assert.Equal(t, "escalated_first", f[2], id)
		assert.Equal(t, "all_done", sampleStopReason(t, s), id)
		assert.Equal(t, answer, s.Output.Completion, id)
	}
	validateLogFile(t, sum["log"].(string))
}

// A first member that ends without submitting escalates too.
func TestEscalateFirstErrored(t *testing.T) {
	t.Parallel()
	sum, samples := runSamples(t, cli.ExitOK, repoPath("host", "e2e", "testdata", "controllers", "escalate_errored.hcl"))
	rec := readRecord(t, samples["s1"])
	assert.Equal(t, map[string]string{"cheap": "errored", "expert": "submitted"}, statuses(rec))
	assert.Equal(t, [3]string{"controller", "expert", "escalated_first"}, finalOf(rec))
	assert.Equal(t, "The answer is 42", samples["s1"].Output.Completion)
	validateLogFile(t, sum["log"].(string))
}

// A `first` that names nobody fails Start: each sample ends with an error
// naming the roster, and its record stays provisional with nobody started.
func TestEscalateUnknownFirst(t *testing.T) {
	t.Parallel()
	sum, samples := runSamples(t, cli.ExitFailed, repoPath("examples", "escalate"), "--var", "first=nobody", "--limit", "1")
	assert.Equal(t, "error", sum["status"])
	s := samples["q1"]
	require.NotNil(t, s.Error)
	assert.Contains(t, s.Error.Message, `first = "nobody" names no member of the roster (cheap, expert-1, expert-2)`)
	rec := readRecord(t, s)
	assert.Equal(t, map[string]string{"cheap": "pending", "expert-1": "pending", "expert-2": "pending"}, statuses(rec))
	assert.True(t, rec.Final.Provisional)
	assert.Equal(t, [3]string{"", "", "no_submissions"}, finalOf(rec))
	assert.Equal(t, "", sampleStopReason(t, s), "an error is no stop: null")
	validateLogFile(t, sum["log"].(string))
}

// The example: "Paris" and "  PARIS\n" outvote "London" on every sample;
// careful (after 100 ms) normally submits before thorough (after 300 ms).
func TestVoteExample(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		args       []string
		stopReason string
	}{
		"everyone finishes": {stopReason: "all_done"},
		"stop on majority":  {args: []string{"--var", "stop_on_majority=true"}, stopReason: "controller:majority"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sum, samples := runSamples(t, cli.ExitOK, append([]string{repoPath("examples", "vote")}, tc.args...)...)
			assert.InDelta(t, 0.5, matchAccuracy(sum), 1e-9, "right for france, wrong for uk")
			require.Len(t, samples, 2)
			for id, s := range samples {
				rec := readRecord(t, s)
				assert.Equal(t, map[string]string{"quick": "submitted", "careful": "submitted", "thorough": "submitted"},
					statuses(rec), id)
				winner := earliest(t, rec, "careful", "thorough")
				assert.Equal(t, [3]string{"controller", winner, "votes 2/3"}, finalOf(rec), id)
				assert.False(t, rec.Final.Provisional, id)
				assert.Equal(t, tc.stopReason, sampleStopReason(t, s), id)
				answers := map[string]string{"careful": "Paris", "thorough": "  PARIS\n"}
				assert.Equal(t, answers[winner], s.Output.Completion, "%s: the winner's answer, unchanged", id)
				last := s.Messages[len(s.Messages)-1]
				assert.Equal(t, map[string]any{"final": map[string]any{"mode": "controller", "member": winner}},
					last.Metadata["inspect_swarm"], id)
			}
			validateLogFile(t, sum["log"].(string))
		})
	}
}

// Three of four agree: the swarm stops at the third vote, the slow member
// (whose model call comes 3 s later) ends stopped, and the earliest voter of
// the majority is the answer.
func TestVoteStopsOnMajority(t *testing.T) {
	t.Parallel()
	sum, samples := runSamples(t, cli.ExitOK, repoPath("host", "e2e", "testdata", "controllers", "vote_majority.hcl"))
	s := samples["s1"]
	rec := readRecord(t, s)
	assert.Equal(t, map[string]string{"a": "submitted", "b": "submitted", "c": "submitted", "slow": "stopped"}, statuses(rec))
	winner := earliest(t, rec, "a", "b", "c")
	assert.Equal(t, [3]string{"controller", winner, "votes 3/3"}, finalOf(rec))
	assert.Equal(t, "controller:majority", sampleStopReason(t, s))
	assert.Equal(t, map[string]string{"a": "Paris", "b": "paris ", "c": "PARIS"}[winner], s.Output.Completion)
	validateLogFile(t, sum["log"].(string))
}
