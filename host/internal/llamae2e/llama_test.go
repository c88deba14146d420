package llamae2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "swarmhost-llama-plugins-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := testplugins.Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("SWARMHOST_PLUGIN_PATH", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// offered are the tools each member offers the model: the host's default
// set and react's submit.
var offered = []string{"bash", "python", "read_file", "write_file", "submit"}

// maxTokens is each member's model's max_tokens (testdata/llama.hcl).
var maxTokens = map[string]float64{"plain": 100, "streamed": 100, "short": 8}

// TestReactOnLlamaServer runs three react members against a real
// llama-server. It asserts protocol and loop behaviour, never content:
// every call is recorded with server-reported usage normalised as Inspect
// does, tool calls come back parsed by the server, a call cut short
// (finish_reason "length") or a server error does not stop the loop, tool
// calls with nonsense arguments go back to the model as parsing errors,
// and every member ends (submitted, at its turn limit, or errored after
// too many model errors) — none is left running or cancelled.
func TestReactOnLlamaServer(t *testing.T) {
	bin, model := llamaServer(t), tinyModel(t)
	base := serve(t, bin, model)
	logDir := t.TempDir()
	code := cli.Main([]string{"run", "--json", "--log-format", "json", "--log-dir", logDir, "--var", "base_url=" + base,
		filepath.Join("testdata", "llama.hcl")})
	require.Equal(t, 0, code)
	sample := onlySample(t, logDir)

	statuses := memberStatuses(sample)
	t.Logf("statuses: %v", statuses)
	for name, st := range statuses {
		assert.Contains(t, []string{"submitted", "member_limit:turn", "errored"}, st, name)
	}
	assert.Contains(t, []string{"member_limit:turn", "errored"}, statuses["short"], "8 tokens never make a submission")
	parsed := 0
	for _, member := range []string{"plain", "streamed", "short"} {
		parsed += checkMember(t, sample, member)
	}
	assert.Positive(t, parsed, "the server parsed tool calls out of the model's output")
}

// checkMember checks one member's model events and returns how many tool
// calls the server parsed for it.
func checkMember(t *testing.T, sample map[string]any, member string) int {
	t.Helper()
	evs := events(sample, "model", member)
	require.NotEmpty(t, evs, member)
	parsed := 0
	for i, ev := range evs {
		var next map[string]any
		if i+1 < len(evs) {
			next = evs[i+1]
		}
		if msg, _ := ev["error"].(string); msg != "" {
			t.Logf("%s call %d: model error %q", member, i+1, msg)
			if next != nil {
				assert.Contains(t, lastUser(next), "The last model call failed", "%s: the model is told of the error", member)
			}
			continue
		}
		choice := ev["output"].(map[string]any)["choices"].([]any)[0].(map[string]any)
		stop := choice["stop_reason"].(string)
		t.Logf("%s call %d: stop_reason %s", member, i+1, stop)
		assert.Contains(t, []string{"stop", "max_tokens", "tool_calls"}, stop, member)
		checkUsage(t, ev, member, stop)
		for _, c := range toolCalls(choice) {
			parsed++
			assert.NotEmpty(t, c["function"], "%s: a parsed call names a function", member)
			if pe, _ := c["parse_error"].(string); pe != "" && next != nil {
				assert.Equal(t, "parsing", toolErrorType(next, c["id"].(string)),
					"%s: nonsense arguments go back to the model as a parsing error", member)
			}
			if !slices.Contains(offered, c["function"].(string)) {
				t.Logf("%s: the model called %q, which was not offered", member, c["function"])
			}
		}
	}
	if member == "short" {
		for _, ev := range evs {
			if ev["error"] == nil {
				assert.Equal(t, "max_tokens", stopReason(ev), "8 tokens are always cut short")
			}
		}
	}
	return parsed
}

// checkUsage: the server's usage, normalised (input excludes cache reads),
// adds up, and a call cut short used exactly max_tokens.
func checkUsage(t *testing.T, ev map[string]any, member, stop string) {
	t.Helper()
	u, ok := ev["output"].(map[string]any)["usage"].(map[string]any)
	require.True(t, ok, "%s: every answered call is metered", member)
	in, out, total := u["input_tokens"].(float64), u["output_tokens"].(float64), u["total_tokens"].(float64)
	read, _ := u["input_tokens_cache_read"].(float64)
	assert.Positive(t, total, member)
	assert.Equal(t, total, in+read+out, "%s: input + cache reads + output = total", member)
	if stop == "max_tokens" {
		assert.Equal(t, maxTokens[member], out, "%s: a call cut short used max_tokens", member)
	}
}

func onlySample(t *testing.T, logDir string) map[string]any {
	t.Helper()
	logs, err := filepath.Glob(filepath.Join(logDir, "*.json"))
	require.NoError(t, err)
	require.Len(t, logs, 1)
	b, err := os.ReadFile(logs[0])
	require.NoError(t, err)
	var l struct {
		Status  string           `json:"status"`
		Samples []map[string]any `json:"samples"`
	}
	require.NoError(t, json.Unmarshal(b, &l))
	require.Equal(t, "success", l.Status)
	require.Len(t, l.Samples, 1)
	logcompare.ExpandSample(l.Samples[0]) // model inputs back from the condensed sample's pools
	return l.Samples[0]
}
