package e2e

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestControllerNamingUnknownMember: a real controller plugin whose
// actions start, or choose, a member on no roster fails the sample with an
// error naming the member and the roster (in the log and the exit code),
// not only a log line.
func TestControllerNamingUnknownMember(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"ghoststart":  `controller start: started "ghost": no member has this name; the members are m`,
		"ghostchoose": `chose "ghost": no member has this name; the members are m`,
	}
	for name, want := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite := deadlineSuite(`scorer "match" {}`, `controller "`+name+`" {}`)
			suite = replaceOnce(suite, `member "scripted" {`, `member "scripted" {
    name = "m"`)
			path := hostileSuite(t, suite, "controller-"+name)
			sum, samples := runSamples(t, cli.ExitFailed, path)
			assert.Equal(t, "error", sum["status"])
			s := samples["a"]
			require.NotNil(t, s.Error, "the sample errors")
			assert.Contains(t, s.Error.Message, want)
			assert.Contains(t, sum["sample_error"], "sample a epoch 1: ", "the summary names the sample")
			assert.Contains(t, sum["sample_error"], want, "and its cause")
		})
	}
}

// TestControllerRefusalIsPrinted: the table output names the failed
// sample and the refusal under the eval's error, not only in a log line.
func TestControllerRefusalIsPrinted(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"ghoststart", "ghostchoose"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite := deadlineSuite(`scorer "match" {}`, `controller "`+name+`" {}`)
			suite = replaceOnce(suite, `member "scripted" {`, `member "scripted" {
    name = "m"`)
			path := hostileSuite(t, suite, "controller-"+name)
			code, out, errOut := runCLI(t, "run", "--log-dir", t.TempDir(), path)
			require.Equal(t, cli.ExitFailed, code, "stdout: %s\nstderr: %s", out, errOut)
			var lines []string
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "e: ") && !strings.HasPrefix(line, "e: log ") {
					lines = append(lines, line)
				}
			}
			assertGolden(t, clitest.GoldenName("controller", name), strings.Join(lines, "\n")+"\n")
		})
	}
}
