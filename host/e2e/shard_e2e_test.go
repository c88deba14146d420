package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
)

// shardSuite is the suite the sharded-run tests run: six samples × two epochs, two scorers, a gate.
var shardSuite = filepath.Join("testdata", "shard", "suite.hcl")

// runShards runs the suite in n shards into dir and returns their logs, in shard order: .json
// logs, which the tests compare and edit as JSON (TestLogMergeWholeSuite merges .eval logs).
func runShards(t *testing.T, suite string, n int, dir string) []string {
	t.Helper()
	var logs []string
	for i := range n {
		code, out, errOut := runCLI(t, "run", "--json", "--log-format", "json", "--log-dir", dir,
			"--shard", fmt.Sprintf("%d/%d", i, n), suite)
		require.Equal(t, cli.ExitOK, code, out+errOut)
		sum := jsonLine(t, out)
		logs = append(logs, sum["log"].(string))
	}
	return logs
}

// TestShardedRunMergesToOneRun: four shards of an eval, merged, make the log a single process
// writes — header, every sample, results, reductions and usage — up to ids and times.
func TestShardedRunMergesToOneRun(t *testing.T) {
	t.Parallel()
	code, single, errOut := runJSON(t, shardSuite)
	require.Equal(t, cli.ExitOK, code, errOut)

	shards := runShards(t, shardSuite, 4, t.TempDir())
	for i, path := range shards {
		l, err := evallog.Read(path)
		require.NoError(t, err)
		assert.Equal(t, 3, len(l.Samples), "shard %d runs 3 of the 12 sample × epochs", i)
		assert.Equal(t, 3, l.Results.TotalSamples)
	}
	out := t.TempDir()
	code, stdout, errOut := runCLI(t, append([]string{"log", "merge", "--json", "--log-dir", out}, shards...)...)
	require.Equal(t, cli.ExitOK, code, stdout+errOut)
	merged := jsonLine(t, stdout)["log"].(string)

	want, got := logcompare.Normalised(t, single["log"].(string)), logcompare.Normalised(t, merged)
	assert.Equal(t, want, got)
	validateLogFile(t, merged)
}

// TestShardedRunPartition: every sample × epoch runs in exactly one shard, whatever the count.
func TestShardedRunPartition(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 5, 13} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			seen := map[string]int{}
			for _, path := range runShards(t, shardSuite, n, t.TempDir()) {
				l, err := evallog.Read(path)
				require.NoError(t, err)
				for _, s := range l.Samples {
					seen[fmt.Sprintf("%v/%d", s.ID, s.Epoch)]++
				}
			}
			assert.Len(t, seen, 12)
			for k, c := range seen {
				assert.Equal(t, 1, c, k)
			}
		})
	}
}

// TestLogMergeRefuses: what `swarmhost log merge` will not merge, and that it writes nothing then.
func TestLogMergeRefuses(t *testing.T) {
	t.Parallel()
	shards := runShards(t, shardSuite, 2, t.TempDir())
	_, whole, errOut := runJSON(t, shardSuite, "--limit", "1")
	require.NotNil(t, whole, errOut)
	other := runShards(t, shardSuite, 3, t.TempDir())
	started := filepath.Join(t.TempDir(), "started.json")
	data, err := os.ReadFile(shards[1])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(started, []byte(replaceOnce(string(data), `"status": "success"`, `"status": "started"`)), 0o644))
	_, limited, _ := runJSON(t, shardSuite, "--shard", "1/2", "--limit", "2")
	huge := filepath.Join(t.TempDir(), "huge.json")
	count := regexp.MustCompile(`("swarmhost_shard":\s*\{\s*"count":\s*)2\b`)
	require.Regexp(t, count, string(data))
	require.NoError(t, os.WriteFile(huge, []byte(count.ReplaceAllString(string(data), "${1}4611686018427387904")), 0o644))

	cases := map[string]struct {
		logs []string
		want string
	}{
		"a shard missing":       {[]string{shards[0]}, "shard 1/2 is missing"},
		"the same shard":        {[]string{shards[0], shards[0]}, "are both shard 0/2"},
		"another shard count":   {[]string{shards[0], other[1]}, "run in 2 shards"},
		"a whole run's log":     {[]string{whole["log"].(string)}, "is not a shard's log"},
		"an unfinished shard":   {[]string{shards[0], started}, "finish it with swarmhost run --resume"},
		"another plan":          {[]string{shards[0], limited["log"].(string)}, "differ in their sample ids"},
		"no logs":               {nil, "usage: swarmhost log merge"},
		"a hostile shard count": {[]string{huge, shards[0]}, "eval.metadata.swarmhost_shard is"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			code, stdout, errOut := runCLI(t, append([]string{"log", "merge", "--log-dir", out}, tc.logs...)...)
			assert.Equal(t, cli.ExitUsage, code, stdout+errOut)
			assert.Contains(t, errOut, tc.want)
			entries, _ := os.ReadDir(out)
			assert.Empty(t, entries, "a refused merge writes nothing")
		})
	}
}

// TestRunShardFlag: --shard's bad values are usage errors naming the flag.
func TestRunShardFlag(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"4/4", "-1/2", "x", "1/0", "1/2/3"} {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			code, _, errOut := runCLI(t, "run", "--log-dir", t.TempDir(), "--shard", v, shardSuite)
			assert.Equal(t, cli.ExitUsage, code)
			assert.Contains(t, errOut, "-shard")
		})
	}
}

// TestShardResumeKeepsTheSlice: a shard's log resumes as that shard, whatever --shard says.
func TestShardResumeKeepsTheSlice(t *testing.T) {
	t.Parallel()
	path := runShards(t, shardSuite, 4, t.TempDir())[2]
	l, err := evallog.Read(path)
	require.NoError(t, err)
	sh, err := eval.ShardOf(l)
	require.NoError(t, err)
	assert.Equal(t, eval.Shard{Index: 2, Count: 4}, sh)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte(replaceOnce(string(data), `"status": "success"`, `"status": "started"`)), 0o644))
	code, out, errOut := runCLI(t, "run", "--resume", path, "--shard", "1/4")
	assert.Equal(t, cli.ExitFailed, code, out+errOut)
	assert.Contains(t, errOut, `the log is of shard "2/4", not "1/4"`)
	code, again, errOut := runJSON(t, "--resume", path)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, 3.0, again["samples"])
	assert.Equal(t, 3.0, again["total"])
}

// jsonLine decodes the first line of a --json run's output.
func jsonLine(t *testing.T, out string) map[string]any {
	t.Helper()
	var sum map[string]any
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(strings.TrimSpace(out), "\n", 2)[0]), &sum), out)
	return sum
}

func replaceOnce(s, old, new string) string { return strings.Replace(s, old, new, 1) }

// TestLogMergeWholeSuite: the shard logs of a suite's evals, given together, merge eval by eval;
// the logs are .eval, the default format, and so is the merged log.
func TestLogMergeWholeSuite(t *testing.T) {
	t.Parallel()
	suite := filepath.Join("testdata", "shard-two-evals", "suite.hcl")
	dir := t.TempDir()
	for i := range 2 {
		code, out, errOut := runCLI(t, "run", "--json", "--log-dir", dir, "--shard", fmt.Sprintf("%d/2", i), suite)
		require.Equal(t, cli.ExitOK, code, out+errOut)
	}
	logs, err := filepath.Glob(filepath.Join(dir, "*.eval"))
	require.NoError(t, err)
	require.Len(t, logs, 4)
	out := t.TempDir()
	code, stdout, errOut := runCLI(t, append([]string{"log", "merge", "--json", "--log-dir", out}, logs...)...)
	require.Equal(t, cli.ExitOK, code, stdout+errOut)
	evals := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		sum := jsonLine(t, line)
		evals[sum["eval"].(string)] = sum["samples"].(float64)
		assert.InDelta(t, 2.0/3, scoreOf(sum, "match", "accuracy"), 1e-9)
		assert.True(t, evallog.IsEvalFile(sum["log"].(string)), sum["log"])
		l, err := evallog.Read(sum["log"].(string))
		require.NoError(t, err)
		assert.Len(t, l.Samples, 3)
	}
	assert.Equal(t, map[string]float64{"first": 3, "second": 3}, evals)
}

// failedShardSuite runs "broken" (its setup fails) in shard 0 of 2 and "ok" in shard 1.
const failedShardSuite = `
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}
task "t" {
  dataset {
    sample {
      id     = "broken"
      input  = "What is 6 times 7?"
      target = "42"
      setup  = "exit 3"
    }
    sample {
      id     = "ok"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
  sandbox "local" {}
}
swarm "s" {
  member "scripted" {
    config { steps = [{ action = "submit", answer = "42" }] }
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`

// TestLogMergeFailedShard: a failed shard's log has no results, as Inspect writes a failed
// eval, and still merges: the scorers come from eval.scorers and eval.metadata. Shard 0's only
// sample errors (a failed eval whatever --fail-on-error says); under --fail-on-error false the
// merged eval succeeds, its results over the sample that scored.
func TestLogMergeFailedShard(t *testing.T) {
	t.Parallel()
	suite := filepath.Join(t.TempDir(), "suite.hcl")
	require.NoError(t, os.WriteFile(suite, []byte(failedShardSuite), 0o644))
	dir := t.TempDir()
	var shards []string
	for i, want := range []string{evallog.StatusError, evallog.StatusSuccess} {
		_, out, errOut := runCLI(t, "run", "--json", "--log-dir", dir, "--fail-on-error", "false",
			"--shard", fmt.Sprintf("%d/2", i), suite)
		sum := jsonLine(t, out)
		require.Equal(t, want, sum["status"], errOut)
		shards = append(shards, sum["log"].(string))
	}
	failed, err := evallog.Read(shards[0])
	require.NoError(t, err)
	assert.Nil(t, failed.Results, "a failed eval's log has no results")
	assert.Empty(t, failed.Reductions)
	assert.Contains(t, failed.Eval.Metadata, eval.MetaScorers)

	code, stdout, errOut := runCLI(t, "log", "merge", "--json", "--log-dir", t.TempDir(), shards[0], shards[1])
	require.Equal(t, cli.ExitOK, code, stdout+errOut)
	merged, err := evallog.Read(jsonLine(t, stdout)["log"].(string))
	require.NoError(t, err)
	assert.Equal(t, evallog.StatusSuccess, merged.Status, "1 of 2 failed under --fail-on-error false")
	require.NotNil(t, merged.Results)
	require.Len(t, merged.Results.Scores, 1)
	score := merged.Results.Scores[0]
	assert.Equal(t, "match", score.Scorer)
	assert.Equal(t, 1, score.ScoredSamples)
	assert.Equal(t, 1.0, float64(score.Metrics[0].Value))
}
