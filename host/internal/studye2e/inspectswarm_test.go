package studye2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/study"
)

// TestInspectSwarmStudy runs examples/study/inspect_swarm (the example's
// three arms as Inspect tasks) on Inspect Swarm 0.1.0, as its README says,
// and reads the logs into the same report: the numbers of the swarmhost
// run, worked out by hand in TestStudyExample, with team@3 and the mean
// member marked not recorded. Then one report compares the swarm arm of
// each system, labelled apart, against the same baseline.
func TestInspectSwarmStudy(t *testing.T) {
	t.Parallel()
	py := peer.run(t)[0]
	logs := t.TempDir()
	cmd := exec.Command(filepath.Join(filepath.Dir(py), "inspect"), "eval",
		filepath.Join("examples", "study", "inspect_swarm", "study.py"), "--log-dir", logs, "--display", "none")
	cmd.Dir = repoPath() // as the README runs it: Inspect wants a task path relative to where it runs
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "INSPECT_DISPLAY=none")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "inspect eval:\n%s", out)
	paths, err := filepath.Glob(filepath.Join(logs, "*.eval"))
	require.NoError(t, err)
	require.Len(t, paths, 3, "one log per task:\n%s", out)

	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, append([]string{"report", "--out", dir, "--name", "peer"}, paths...)...)
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	r := readReport(t, filepath.Join(dir, "peer.json"))
	got := map[string]*float64{}
	notes := map[string]string{}
	for _, q := range r.Quantities {
		got[q.Name] = q.Value
		notes[q.Name] = q.Note
	}
	for name, want := range map[string]float64{"final@3": 2.0 / 6, "pass@3": 5.0 / 6, "best@3": 5.0 / 6,
		"select@3": 2.0 / 6, "single (3×)": 5.0 / 6} {
		require.NotNil(t, got[name], name)
		assert.InDelta(t, want, *got[name], 1e-9, name)
	}
	for _, name := range []string{"team@3", "mean member"} {
		assert.Nil(t, got[name], name)
		assert.Contains(t, notes[name], "not recorded: Inspect Swarm scores no member", name)
	}
	for _, a := range r.Arms {
		assert.Equal(t, study.SourceInspectSwarm, a.Source, a.Label)
		assert.False(t, a.MemberScores, a.Label)
	}
	assert.Equal(t, []string{"swarm", "baseline", "single"}, roles(r), "the page lists swarms first")
	tokens := map[string]float64{}
	for _, c := range r.Costs {
		tokens[c.Role] = c.Tokens
	}
	assert.Equal(t, map[string]float64{"swarm": 360, "baseline": 120, "single": 240}, tokens)

	// both systems' swarm arms in one report
	ours := runExample(t).report.Arms[0]
	require.Equal(t, "swarm", ours.Label)
	theirs := pick(t, paths, "swarm-of-3")
	code, stdout, stderr = runCLI(t, "report", "--out", dir, "--name", "both", "swarm:swarmhost="+ours.Path,
		"swarm:inspect_swarm="+theirs, "baseline="+pick(t, paths, "attempts"), "single="+pick(t, paths, "one-big"))
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	both := readReport(t, filepath.Join(dir, "both.json"))
	finals := map[string]float64{}
	for _, q := range both.Quantities {
		if q.Kind == study.KindFinal {
			finals[q.Arm] = *q.Value
		}
	}
	assert.InDeltaMapValues(t, map[string]float64{"swarmhost": 2.0 / 6, "inspect_swarm": 2.0 / 6}, finals, 1e-9)
	assert.Len(t, both.Pairs, 8, "four pairs for each swarm")
}

func readReport(t *testing.T, path string) *study.Report {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var r study.Report
	require.NoError(t, json.Unmarshal(raw, &r))
	return &r
}

func roles(r *study.Report) []string {
	var out []string
	for _, a := range r.Arms {
		out = append(out, string(a.Role))
	}
	return out
}

// pick is the one path holding part.
func pick(t *testing.T, paths []string, part string) string {
	t.Helper()
	for _, p := range paths {
		if strings.Contains(filepath.Base(p), part) {
			return p
		}
	}
	t.Fatalf("no log named *%s* in %v", part, paths)
	return ""
}
