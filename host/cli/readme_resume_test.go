package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resumingPage is the guide whose guarantees resumingClaims holds.
const resumingPage = "docs/guides/resuming-and-sharding.md"

// resumingClaims maps each guarantee of the resuming guide (before its
// "Sharding" section)
// (a phrase of it) to the tests that hold it. Change a guarantee, and its
// tests, together.
var resumingClaims = []struct {
	phrase string
	tests  []string
}{
	{"rewritten whole (atomically) only when it must be", []string{"TestAppendKeepsAValidLogAtEveryStep", "TestWriteAtomicKeepsOldFileOnFailure"}},
	{"its journal summary are added as zip members", []string{"TestEvalLogRoundTrip", "TestEvalLogStartedIsReadable"}},
	{"leaves a valid log with status `started` and every finished sample; Inspect reads it as is",
		[]string{"TestKillMidRunThenResume", "TestCrashLeavesStartedLog"}},
	{"`--resume` repairs it back to the last complete sample, wherever the cut falls",
		[]string{"TestResumeRepairsEveryCut", "TestResumeRepairsACutEnd", "TestResumeCutLog", "FuzzRepair",
			"TestResumeEvalCutBeforeTheJournal", "TestEveryCutOfAnAppendResumes"}},
	{"`swarmhost log` refuses it", []string{"TestResumeRepairsEveryCut", "TestResumeCutLog"}},
	{"the finished ones stay byte for byte", []string{"TestKillMidRunThenResume", "TestResumeKeepsTheLogsPlan"}},
	{"the results are computed over all of them at the end", []string{"TestResumeWithNothingMissing", "TestResumeFinishesLikeAnUninterruptedRun",
		"TestResumeEvalCutBeforeTheJournal"}},
	{"`SUITE` and `--var` may be left out", []string{"TestKillMidRunThenResume", "TestResumeCutLog"}},
	{"runs nothing, and needs `SUITE` or `--yes`", []string{"TestResumeFromElsewhere"}},
	{"eval name, task, epochs, reducers, swarm and scorers are checked", []string{"TestResumeChecks", "TestResumeRefusesAnotherEval"}},
	{"a refused resume writes nothing to the log", []string{"TestResumeChecks", "TestResumeRefusesAnotherEval"}},
	{"whatever `--limit` or unseeded `shuffle` the first run used", []string{"TestResumeKeepsTheLogsPlan", "TestResumeCutLog"}},
	{"`--limit` is refused with `--resume`", []string{"TestResumeChecks"}},
	{"Samples that ended in error run again and replace their entries", []string{"TestResumeRerunsErroredSamples"}},
	{"a log with status `success` has nothing to resume", []string{"TestResumeChecks"}},
	{"A run stopped with Ctrl-C (status `cancelled`) resumes the same way", []string{"TestCtrlCThenResume"}},
	{"A log `--resume` cannot read is refused with what is wrong with it", []string{"TestResumeRefusalNeverSuggestsItself"}},
	{"`--resume auto` (with `SUITE`) continues each eval's log found in `--log-dir`", []string{"TestRunResumeAuto"}},
}

// TestReadmeResumingClaims: every guarantee listed is in the resuming
// guide and every test named for it exists, and every item of
// the section's list has a guarantee here.
func TestReadmeResumingClaims(t *testing.T) {
	t.Parallel()
	page, err := os.ReadFile(repoPath(resumingPage))
	require.NoError(t, err)
	section, _, found := strings.Cut(string(page), "\n## Sharding\n")
	require.True(t, found, "%s has a Sharding section after the guarantees", resumingPage)
	flat := strings.Join(strings.Fields(section), " ")
	tests := testFuncs(t)
	for _, c := range resumingClaims {
		assert.Contains(t, flat, c.phrase, "the resuming guide no longer says it")
		for _, name := range c.tests {
			assert.True(t, tests[name], "%s (for %q) does not exist", name, c.phrase)
		}
	}
	items := regexp.MustCompile(`(?m)^- `).FindAllStringIndex(section, -1)
	claimed := 0
	for _, it := range items {
		item := strings.Join(strings.Fields(section[it[0]:nextItem(section, it[0])]), " ")
		for _, c := range resumingClaims {
			if strings.Contains(item, c.phrase) {
				claimed++
				break
			}
		}
	}
	assert.Equal(t, len(items), claimed, "every guarantee of the list has tests here")
}

// nextItem is where the list item starting at i ends.
func nextItem(s string, i int) int {
	for _, sep := range []string{"\n- ", "\n\n"} {
		if j := strings.Index(s[i+1:], sep); j >= 0 {
			return i + 1 + j
		}
	}
	return len(s)
}

// testFuncs lists the Test and Fuzz functions of the repository's host
// packages, at any depth (host/e2e, host/sandbox/docker), by name.
func testFuncs(t *testing.T) map[string]bool {
	t.Helper()
	re := regexp.MustCompile(`(?m)^func ((?:Test|Fuzz)\w+)\(`)
	out := map[string]bool{}
	err := filepath.WalkDir(repoPath("host"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			out[m[1]] = true
		}
		return err
	})
	require.NoError(t, err)
	return out
}
