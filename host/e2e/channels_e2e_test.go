package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// runChannelsSuite runs testdata/channels/<name>.hcl through the CLI with
// the real plugin binaries and returns the validated log's path.
func runChannelsSuite(t *testing.T, name string) string {
	t.Helper()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "channels", name+".hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	require.Equal(t, "success", sum["status"], errOut)
	path := sum["log"].(string)
	validateLogFile(t, path)
	return path
}

// TestChannelsConversationGoldenE2E pins every event of a three-member
// conversation: spans, model and tool calls, the comm evidence (sent,
// delivered, notified, read) and the result evidence, span by span.
func TestChannelsConversationGoldenE2E(t *testing.T) {
	t.Parallel()
	s := readRawLog(t, runChannelsSuite(t, "conversation")).Samples[0]
	got := eventsBySpan(t, s.Events)
	golden := repoPath("host", "e2e", "testdata", "channels", "golden", "conversation.events.json")
	if *clitest.Update {
		require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
		require.NoError(t, os.WriteFile(golden, got, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test -update to create %s", golden)
	assert.Equal(t, string(want), string(got))

	raw, err := json.Marshal(s.Store["swarmhost:messages"])
	require.NoError(t, err)
	var msgs map[string]any
	require.NoError(t, json.Unmarshal(raw, &msgs))
	assert.Equal(t, map[string]any{
		"alice": counts(3, 2, 2, 0, 0),
		"bob":   counts(1, 2, 2, 0, 0),
		"carol": counts(1, 2, 2, 0, 1),
	}, msgs)
}

// TestChannelsEvidenceE2E checks the conversation's evidence against the
// rules of SPEC §8: every info event is inspect_swarm's, versioned, inside
// a member's span (except the swarm-level "final", "ledger" and
// "metrics"), and no comm event carries a payload.
func TestChannelsEvidenceE2E(t *testing.T) {
	t.Parallel()
	s := readRawLog(t, runChannelsSuite(t, "conversation")).Samples[0]
	kinds := map[string]int{}
	for _, e := range s.Events {
		if e["event"] != "info" {
			continue
		}
		assert.Equal(t, "inspect_swarm", e["source"])
		data := e["data"].(map[string]any)
		assert.EqualValues(t, 1, data["version"])
		kind, _ := data["kind"].(string)
		kinds[strings.TrimSuffix(data["type"].(string)+":"+kind, ":")]++
		if kind != "final" && data["type"] != "ledger" && data["type"] != "metrics" {
			assert.True(t, strings.HasPrefix(e["span_id"].(string), "member-"), "%v", e)
		}
		if data["type"] == "comm" {
			raw, err := json.Marshal(data)
			require.NoError(t, err)
			assert.NotContains(t, string(raw), "42", "comm evidence never carries a payload")
		}
	}
	assert.Equal(t, map[string]int{"comm:sent": 5, "comm:delivered": 5, "comm:notified": 1, "comm:read": 8,
		"result:member_result": 3, "result:final": 1, "ledger": 1, "metrics": 1}, kinds)
}

// TestChannelsSharedDirPerMemberE2E: with per-member sandboxes a note one
// member appends to .swarm/notes.md is read by another from its own sandbox.
func TestChannelsSharedDirPerMemberE2E(t *testing.T) {
	t.Parallel()
	s := readRawLog(t, runChannelsSuite(t, "shared_dir")).Samples[0]
	var read string
	for _, e := range s.Events {
		if e["event"] == "tool" && e["span_id"] == "member-reader" {
			read, _ = e["result"].(string)
			assert.Nil(t, e["error"])
		}
	}
	assert.Equal(t, "writer: the answer is 42\n", read)
}

// TestChannelsValidateE2E: bad messages parameters are diagnostics at their
// values, with line numbers.
func TestChannelsValidateE2E(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "validate", repoPath("host", "e2e", "testdata", "channels", "bad_params.hcl"))
	assert.Equal(t, cli.ExitUsage, code, out)
	for _, s := range []string{
		`delivery must be "notify" or "poll"; got "push".`, "bad_params.hcl line 23",
		"max_bytes must be between 1 and 65536; got 70000.", "bad_params.hcl line 23",
		"max_unread must be between 1 and 10000; got 0.",
		`rate must be "off"`, "max_wait must be between 0s and 1h0m0s; got 2h0m0s.",
		"Route names an unknown member", `"scripted-3" is not on the swarm's roster`, "bad_params.hcl line 27",
	} {
		assert.Contains(t, errOut, s)
	}
}

func counts(sent, delivered, read, rejected, notices int) map[string]any {
	return map[string]any{"sent": float64(sent), "delivered": float64(delivered), "read": float64(read),
		"rejected": float64(rejected), "rejected_by_control": float64(0), "notices": float64(notices)}
}

// volatile are the event keys whose values vary run to run: ids, clocks and
// durations.
var volatile = map[string]bool{"uuid": true, "timestamp": true, "working_start": true, "completed": true,
	"working_time": true, "time": true, "message_id": true, "running_time": true, "wall_clock": true}

// shortID matches the random ids the host gives messages and spans.
var shortID = regexp.MustCompile(`^[2-9A-HJ-NP-Za-km-z]{22}$`)

// spanLabels names each span by its place in the tree — parent label, span
// name and its rank among same-named siblings — so that the random span ids
// of the sample's spans and tool spans read the same run after run; member
// spans keep their ids.
func spanLabels(events []map[string]any) map[string]string {
	labels := map[string]string{}
	seen := map[string]int{}
	for _, e := range events {
		id, _ := e["id"].(string)
		if e["event"] != "span_begin" || !shortID.MatchString(id) {
			continue
		}
		parent, _ := e["parent_id"].(string)
		if l, ok := labels[parent]; ok {
			parent = l
		}
		key := parent + "/" + fmt.Sprint(e["name"])
		seen[key]++
		labels[id] = fmt.Sprintf("%s#%d", key, seen[key])
	}
	return labels
}

// relabel replaces span ids by their labels and any other random id by
// "<id>", recursively.
func relabel(v any, labels map[string]string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[k] = relabel(val, labels)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = relabel(val, labels)
		}
		return out
	case string:
		if l, ok := labels[x]; ok {
			return l
		}
		if shortID.MatchString(x) {
			return "<id>"
		}
	}
	return v
}

// eventsBySpan renders a sample's events grouped by span — members' spans
// by name, then the swarm-level events (members run concurrently, so only
// the order inside a span is fixed) — with the volatile values replaced.
func eventsBySpan(t *testing.T, events []map[string]any) []byte {
	t.Helper()
	type span struct {
		Span   string           `json:"span"`
		Events []map[string]any `json:"events"`
	}
	var spans []*span
	byID := map[string]*span{}
	labels := spanLabels(events)
	for _, e := range events {
		e = relabel(e, labels).(map[string]any)
		id, _ := e["span_id"].(string)
		if e["event"] == "span_begin" || e["event"] == "span_end" {
			id, _ = e["id"].(string)
		}
		sp := byID[id]
		if sp == nil {
			sp = &span{Span: id}
			byID[id] = sp
			spans = append(spans, sp)
		}
		sp.Events = append(sp.Events, scrub(e).(map[string]any))
	}
	sort.SliceStable(spans, func(i, j int) bool {
		a, b := spans[i].Span, spans[j].Span
		return a != "" && (b == "" || a < b)
	})
	b, err := json.MarshalIndent(spans, "", "  ")
	require.NoError(t, err)
	return append(b, '\n')
}

// scrub replaces the volatile values in v, recursively.
func scrub(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			if volatile[k] && val != nil {
				out[k] = "<" + k + ">"
				continue
			}
			out[k] = scrub(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = scrub(val)
		}
		return out
	}
	return v
}
