package studye2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/study"
)

// exampleRun is examples/study run once for the package, as its README
// says: `swarmhost study examples/study --log-dir DIR --out DIR`.
type exampleRun struct {
	once                 sync.Once
	code                 int
	stdout, stderr       string
	logDir, out          string
	report               *study.Report
	html, jsonPath, csvs string
}

var example exampleRun

// runExample runs the example study (once) and reads its report.
func runExample(t *testing.T) *exampleRun {
	t.Helper()
	example.once.Do(func() {
		dir, err := os.MkdirTemp("", "swarmhost-study-example-")
		require.NoError(t, err)
		example.logDir, example.out = filepath.Join(dir, "logs"), filepath.Join(dir, "reports")
		example.code, example.stdout, example.stderr = runCLI(t, "study", repoPath("examples", "study"),
			"--log-dir", example.logDir, "--out", example.out)
		example.html = filepath.Join(example.out, "doors.html")
		example.jsonPath = filepath.Join(example.out, "doors.json")
		example.csvs = filepath.Join(example.out, "doors.csv")
		if raw, err := os.ReadFile(example.jsonPath); err == nil {
			example.report = &study.Report{}
			require.NoError(t, json.Unmarshal(raw, example.report))
		}
	})
	require.Equal(t, 0, example.code, "stdout:\n%s\nstderr:\n%s", example.stdout, example.stderr)
	require.NotNil(t, example.report, "the study wrote %s", example.jsonPath)
	return &example
}

// TestStudyExample checks every number of examples/study's report against
// the values worked out by hand in its README. Samples q1…q6 have prizes
// behind doors 1, 2, 3, {1,3}, {2,3} and 4; attempt i opens door i after i
// seconds; the swarm's answer is the first submission (door 1); the single
// agent tries doors 1, 2, 3 until the checker accepts one.
func TestStudyExample(t *testing.T) {
	t.Parallel()
	r := runExample(t).report
	assert.Equal(t, "doors", r.Study)
	assert.Equal(t, 3, r.K)
	assert.Equal(t, "first", r.Rule)
	assert.Equal(t, 6, r.Samples)
	want := map[string]float64{
		"final@3 swarm":     2.0 / 6, // door 1 is right in q1 and q4
		"team@3 swarm":      5.0 / 6, // some door of 1-3 is right in all but q6
		"mean member swarm": 7.0 / 18,
		// (1/3 + 1/3 + 1/3 + 2/3 + 2/3 + 0) / 6
		"pass@3 attempts":    5.0 / 6, // one of the three attempts is right in all but q6
		"best@3 attempts":    5.0 / 6,
		"select@3 attempts":  2.0 / 6, // the first of the three is always attempt 1, door 1
		"single (3×) big":    5.0 / 6, // doors 1, 2, 3 with the checker: all but q6
		"tokens swarm":       360,     // three members × one 120-token call
		"tokens attempts":    360,     // three attempts × 120
		"tokens big":         240,     // 1, 2, 3, 1, 2, 3 calls over q1…q6: 12 × 120 / 6
		"dollars swarm":      0.0012,  // 3 × (100 × $2 + 20 × $10) per million
		"dollars attempts":   0.0012,
		"dollars big":        0.0008,
		"final − select":     0,
		"final − single":     -0.5, // 0, −1, −1, 0, −1, 0
		"team − pass":        0,
		"team − best":        0,
		"select@2 attempts":  2.0 / 6,
		"pass@2 attempts":    4.0 / 6, // q1-q3 1 − C(2,2)/C(3,2) = 2/3, q4 q5 1, q6 0
		"select@1 attempts":  7.0 / 18,
		"tokens at select@2": 240,
	}
	got := map[string]float64{}
	for _, q := range r.Quantities {
		require.NotNil(t, q.Value, "%s (%s): %s", q.Name, q.Arm, q.Note)
		got[q.Name+" "+q.Arm] = *q.Value
		got["tokens "+q.Arm] = *q.Tokens
		got["dollars "+q.Arm] = *q.Dollars
	}
	for _, p := range r.Pairs {
		require.NotNil(t, p.Mean)
		require.Equal(t, 6, p.Samples)
		got[pairKey(p)] = *p.Mean
	}
	for _, c := range r.Curves {
		for _, p := range c.Points {
			if c.Arm == "attempts" {
				got[string(c.Kind)+"@"+itoa(p.K)+" attempts"] = p.Value
				if c.Kind == study.KindSelect && p.K == 2 {
					got["tokens at select@2"] = p.Tokens
				}
			}
		}
	}
	for k, v := range want {
		assert.InDelta(t, v, got[k], 1e-9, k)
	}
	// the pairs whose differences are all 0 have an interval of width 0;
	// final − single's lies below 0
	for _, p := range r.Pairs {
		if *p.Mean == 0 {
			assert.Equal(t, [2]float64{0, 0}, [2]float64{*p.Low, *p.High}, pairKey(p))
		} else {
			assert.Less(t, *p.High, 0.0, pairKey(p))
			assert.GreaterOrEqual(t, *p.Low, -1.0, pairKey(p))
		}
	}
	assert.Empty(t, r.Flags, "every ledger complete and priced, nobody idle")
	assertMembers(t, r)
}

// assertMembers checks the swarm's member outcomes: guesser-1 submits
// first everywhere and is chosen; door i is right in 2, 2 and 3 samples.
func assertMembers(t *testing.T, r *study.Report) {
	t.Helper()
	type counts struct{ Attempts, Submitted, Chosen, Right int }
	got := map[string]counts{}
	for _, m := range r.Members {
		if m.Arm == "swarm" {
			got[m.Member] = counts{m.Attempts, m.Submitted, m.Chosen, m.Right}
		}
	}
	assert.Equal(t, map[string]counts{
		"guesser-1": {6, 6, 6, 2}, // q1, q4
		"guesser-2": {6, 6, 0, 2}, // q2, q5
		"guesser-3": {6, 6, 0, 3}, // q3, q4, q5
	}, got)
}

// TestStudyExampleLogs: the swarm's log holds each member's own score in
// swarmhost:member_scores (never in inspect_swarm:result) and best_member
// and mean_member as scores with mean and stderr; the arms record their
// study in eval.metadata.
func TestStudyExampleLogs(t *testing.T) {
	t.Parallel()
	ex := runExample(t)
	logs, err := filepath.Glob(filepath.Join(ex.logDir, "*.eval"))
	require.NoError(t, err)
	require.Len(t, logs, 3)
	var swarmLog *evallog.EvalLog
	for _, p := range logs {
		l, err := evallog.Read(p)
		require.NoError(t, err)
		assert.NotEmpty(t, l.Eval.Metadata["studies"], p)
		if l.Eval.Metadata["swarmhost_eval"] == "swarm_of_3" {
			swarmLog = l
		}
	}
	require.NotNil(t, swarmLog)
	var names []string
	for _, s := range swarmLog.Results.Scores {
		names = append(names, s.Name+"/"+s.Scorer)
		if s.Name == "best_member" {
			assert.InDelta(t, 5.0/6, float64(s.Metrics[0].Value), 1e-9)
			assert.Equal(t, []string{"mean", "stderr"}, []string{s.Metrics[0].Name, s.Metrics[1].Name})
		}
	}
	assert.Equal(t, []string{"match/match", "best_member/swarmhost/best_member", "mean_member/swarmhost/mean_member", "gate/swarmhost/gate"}, names)
	for _, s := range swarmLog.Samples {
		raw, err := json.Marshal(s.Store[scoring.StoreKeyMemberScores])
		require.NoError(t, err)
		var doc scoring.MemberScores
		require.NoError(t, json.Unmarshal(raw, &doc))
		require.Len(t, doc.Scorers, 1)
		require.Len(t, doc.Scorers[0].Members, 3)
		for _, m := range doc.Scorers[0].Members {
			assert.NotNil(t, m.Score, "%s %s", s.ID, m.Name)
			assert.Equal(t, m.Name[len(m.Name)-1:], *m.Answer, "guesser-i answers i")
		}
		rec, err := json.Marshal(s.Store["inspect_swarm:result"])
		require.NoError(t, err)
		assert.NotContains(t, string(rec), "score", "the record stays Inspect Swarm's")
	}
}

// TestReportCommand: `swarmhost report` on the study's logs gives the
// study's numbers, roles and labels read from the logs; ROLE:LABEL= sets
// them by hand; bad input says what is wrong.
func TestReportCommand(t *testing.T) {
	t.Parallel()
	ex := runExample(t)
	logs, err := filepath.Glob(filepath.Join(ex.logDir, "*.eval"))
	require.NoError(t, err)
	out := t.TempDir()
	code, stdout, stderr := runCLI(t, append([]string{"report", "--out", out, "--name", "again"}, logs...)...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, filepath.Join(out, "again.html"))
	var again study.Report
	raw, err := os.ReadFile(filepath.Join(out, "again.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &again))
	assert.Equal(t, "doors", again.Study)
	for i, q := range ex.report.Quantities {
		assert.Equal(t, q.Name+q.Arm, again.Quantities[i].Name+again.Quantities[i].Arm)
		assert.Equal(t, *q.Value, *again.Quantities[i].Value, q.Name)
	}

	bad := []struct {
		args []string
		want string
	}{
		{[]string{"report"}, "usage: swarmhost report"},
		{[]string{"report", "oracle:x=" + logs[0]}, `"oracle" is no role`},
		{[]string{"report", "swarm="}, `no log after "swarm="`},
		{[]string{"report", filepath.Join(out, "missing.eval")}, "missing.eval"},
		{[]string{"report", "--confidence", "2", logs[0]}, "--confidence 2"},
		{[]string{"report", "baseline=" + logs[0], "baseline:b2=" + logs[1]}, "more than one baseline"},
	}
	for _, b := range bad {
		code, _, stderr := runCLI(t, b.args...)
		assert.Equal(t, 2, code, "%v", b.args)
		assert.Contains(t, stderr, b.want, "%v", b.args)
	}
}

func pairKey(p study.Pair) string {
	short := func(s string) string {
		for _, k := range []string{"final", "select", "single", "team", "pass", "best"} {
			if len(s) >= len(k) && s[:len(k)] == k {
				return k
			}
		}
		return s
	}
	return short(p.A) + " − " + short(p.B)
}

func itoa(n int) string { return string(rune('0' + n)) }
