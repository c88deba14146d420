package llamae2e

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// contextRefusal is how llama-server refuses a request larger than its context.
const contextRefusal = "exceeds the available context size"

// TestReadmeReactExampleOnLlamaServer runs examples/react with its model
// block replaced by the openai one its README gives (base_url and name
// pointed at the test's server), against the tiny model's 2 048-token
// context, and checks what README.md says of it ("Models and the react
// agent"): as written, every member's first request is over the context, a
// member that has failed its model calls ends the sample in error, and the
// results name the member and the refusal; with `channels = []` and `tools =
// ["bash"]` on the member, every member's first request fits (in under 1 000
// tokens) and is answered.
func TestReadmeReactExampleOnLlamaServer(t *testing.T) {
	bin, model := llamaServer(t), tinyModel(t)
	base := serve(t, bin, model)
	suite := readmeReactSuite(t, base)

	t.Run("as written", func(t *testing.T) {
		table, sample := runExample(t, suite)
		assert.Contains(t, table, "1 of 1 samples failed", "the results say the sample failed")
		assert.Regexp(t, `sample lines epoch 1: member react-\d: .*`+contextRefusal, table,
			"and name the member and the context refusal")
		statuses := memberStatuses(sample)
		require.Len(t, statuses, 4)
		var ended []string
		for name, st := range statuses {
			ended = append(ended, st)
			msg, _ := firstModelEvent(t, sample, name)["error"].(string)
			assert.Contains(t, msg, contextRefusal, "%s: the first request is over the context", name)
		}
		assert.Contains(t, ended, "errored", "a member's error ended the sample")
	})
	t.Run("sized", func(t *testing.T) {
		sized := replaceOnce(t, suite, `  member "react" {`, "  member \"react\" {\n    tools = [\"bash\"]")
		sized = replaceOnce(t, sized, `  channel "messages" {}`, `  channels = []`)
		// Only the first call is checked: one turn of at most 8 tokens (the
		// tiny model generates a few tokens a second on a loaded machine,
		// and its nonsense may run to the README's 1 024).
		sized = replaceOnce(t, sized, `turns  = 15`, `turns  = 1`)
		sized = replaceOnce(t, sized, `max_tokens  = 1024`, `max_tokens  = 8`)
		table, sample := runExample(t, sized)
		assert.NotContains(t, table, "every member errored")
		statuses := memberStatuses(sample)
		require.Len(t, statuses, 4)
		for name := range statuses {
			first := firstModelEvent(t, sample, name)
			require.Nil(t, first["error"], "%s: the first request fits and is answered", name)
			u := first["output"].(map[string]any)["usage"].(map[string]any)
			in := u["input_tokens"].(float64)
			read, _ := u["input_tokens_cache_read"].(float64)
			assert.Less(t, in+read, 1000.0, "%s: the first request is under 1 000 tokens", name)
		}
	})
}

// readmeReactSuite is examples/react/suite.hcl with its model block
// replaced by the hcl block under "A real model" in examples/react/README.md,
// its base_url and name pointed at the test's server.
func readmeReactSuite(t *testing.T, base string) string {
	t.Helper()
	dir := filepath.Join(testplugins.Root(), "examples", "react")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	require.NoError(t, err)
	_, real, ok := strings.Cut(string(readme), "## A real model")
	require.True(t, ok, "examples/react/README.md has its real model section")
	m := regexp.MustCompile("(?s)```hcl\n(.*?)```").FindStringSubmatch(real)
	require.NotNil(t, m, "the section has an hcl block")
	block := regexp.MustCompile(`base_url\s*=\s*"[^"]*"`).ReplaceAllString(m[1], `base_url = "`+base+`"`)
	block = regexp.MustCompile(`name\s*=\s*"[^"]*"`).ReplaceAllString(block, `name = "tiny-toolcall"`)
	require.Contains(t, block, base)
	suite, err := os.ReadFile(filepath.Join(dir, "suite.hcl"))
	require.NoError(t, err)
	mock := regexp.MustCompile(`(?s)model "default" \{\n.*?\n\}\n`)
	require.True(t, mock.Match(suite), "examples/react/suite.hcl has a default model block")
	return mock.ReplaceAllLiteralString(string(suite), block)
}

// runExample runs suite (written into a temp dir) with a JSON log and
// returns the results table printed on stdout and the log's only sample.
func runExample(t *testing.T, suite string) (string, map[string]any) {
	t.Helper()
	dir, logDir := t.TempDir(), t.TempDir()
	path := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(path, []byte(suite), 0o644))
	table := captureStdout(t, func() {
		code := cli.Main([]string{"run", path, "--log-format", "json", "--log-dir", logDir, "--display", "none"})
		require.Contains(t, []int{cli.ExitOK, cli.ExitFailed}, code)
	})
	t.Logf("results:\n%s", table)
	return table, anySample(t, logDir)
}

// anySample is the only sample of the only log in logDir, expanded, whatever
// the eval's status.
func anySample(t *testing.T, logDir string) map[string]any {
	t.Helper()
	logs, err := filepath.Glob(filepath.Join(logDir, "*.json"))
	require.NoError(t, err)
	require.Len(t, logs, 1)
	b, err := os.ReadFile(logs[0])
	require.NoError(t, err)
	var l struct {
		Samples []map[string]any `json:"samples"`
	}
	b = bytes.ReplaceAll(b, []byte(": NaN"), []byte(": null")) // an unscored sample's metrics
	require.NoError(t, json.Unmarshal(b, &l))
	require.Len(t, l.Samples, 1)
	logcompare.ExpandSample(l.Samples[0])
	return l.Samples[0]
}

// replaceOnce replaces old, which s must hold, by new.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	require.Contains(t, s, old)
	return strings.Replace(s, old, new, 1)
}

// captureStdout returns what f printed on os.Stdout.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	saved := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		var buf bytes.Buffer
		_, _ = io.Copy(&buf, r)
		done <- buf.Bytes()
	}()
	defer func() {
		os.Stdout = saved
		_ = w.Close()
		_ = r.Close()
	}()
	f()
	os.Stdout = saved
	_ = w.Close()
	return string(<-done)
}

// firstModelEvent is a member's first model event.
func firstModelEvent(t *testing.T, sample map[string]any, member string) map[string]any {
	t.Helper()
	evs := events(sample, "model", member)
	require.NotEmpty(t, evs, "%s made a model call", member)
	return evs[0]
}
