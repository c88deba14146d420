package evallog

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog/evallogtest"
	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// storeSample is a swarm-like sample whose store holds raw records (long texts that become
// attachments in the events, HTML characters json.Marshal escapes, U+2028, a NaN sentinel,
// whitespace to compact) and Go values, repeated by state and store events as the host's
// closing events repeat them, with info events carrying payloads (a struct, a map, nil) and
// timelines after the events.
func storeSample() EvalSample {
	long := strings.Repeat("a member's final answer, long enough to be an attachment. ", 4)
	record := json.RawMessage(`{"members":[{"name":"m1","answer":"` + long + `","note":"<b>&</b>` + "\u2028" +
		`"},{"name":"m2","score":"\u004e\u0061\u004e","answer":"` + long + `"}], "spaced" : [ 1 , 2 ]}`)
	ledger := json.RawMessage(`{"usage":{"m1":{"input":10,"output":2}},"stop":"budget <exhausted>"}`)
	store := Store{"inspect_swarm:result": record, "inspect_swarm:ledger": ledger,
		"inspect_swarm:metrics": map[string]any{"score": Float(math.NaN()), "text": long}, "custom": []any{"x", 1.5}}
	base := func(span string) EventBase {
		return EventBase{UUID: "u-" + span, SpanID: span, Timestamp: TimeOf(time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)), WorkingStart: 1.25}
	}
	changes := func(prefix string) []JSONPatch {
		var out []JSONPatch
		for _, k := range store.keys() {
			out = append(out, JSONPatch{Op: "add", Path: prefix + k, Value: store[k]})
		}
		return out
	}
	msg := ChatMessage{ID: "a1", Role: RoleAssistant, Content: TextContent(long + " <final>"), Model: "mockllm/model"}
	state := append([]JSONPatch{
		{Op: "add", Path: "/messages/1", Value: msg},
		{Op: "replace", Path: "/output", Value: map[string]any{"completion": long}, Replaced: map[string]any{"old": 1}},
		{Op: "move", Path: "/x", From: "/y", Value: nil},
		{Op: "add", Path: "/empty", Value: json.RawMessage(nil)},
	}, changes("/store/")...)
	type ledgerEvidence struct {
		Type   string          `json:"type"`
		Ledger json.RawMessage `json:"ledger"`
		Note   string          `json:"note"`
	}
	events := Events{
		&InfoEvent{EventBase: base("m1"), Source: "member", Data: long},
		&InfoEvent{EventBase: base("swarm"), Source: "swarm", Data: ledgerEvidence{Type: "ledger", Ledger: ledger, Note: long + "<"}},
		InfoEvent{EventBase: base("swarm"), Data: map[string]any{"type": "metrics", "text": long, "n": 2}},
		&InfoEvent{EventBase: base("swarm"), Data: nil},
		&StoreEvent{EventBase: base("swarm"), Changes: changes("/")},
		StateEvent{EventBase: base("solver"), Changes: state},
		StoreEvent{EventBase: base("solver"), Changes: changes("/")},
		&StateEvent{EventBase: base("solvers")},
	}
	return EvalSample{ID: StringID("swarm"), Epoch: 1, Input: Input{Text: "go"},
		Messages: []ChatMessage{{ID: "u1", Role: RoleUser, Content: TextContent("go")}, msg},
		Metadata: map[string]any{"k": "v"}, Store: store, Events: events,
		TimelinesAfter: func() []Timeline {
			return []Timeline{MemberTimeline("m1", "m1", []string{"u-m1"}), MemberTimeline("m2", "m2", nil)}
		}}
}

// TestStreamedSampleMatchesWholeBuffers: writeSampleAt streams the store, the state and
// store events, the timelines and the condensed pools, and writes byte for byte what the
// whole-buffer encoding it replaced wrote (writeSampleWholeRef), in a JSON log's place and
// as an .eval sample document, for a swarm-like sample and every sample of our fixture and
// Inspect's logs.
func TestStreamedSampleMatchesWholeBuffers(t *testing.T) {
	t.Parallel()
	samples := map[string]EvalSample{"store sample": storeSample(), "no events": {ID: StringID("empty"), Epoch: 1}}
	paths := []string{filepath.Join("testdata", "swarm-demo.json")}
	if dir, err := evallogtest.InspectDir(); err == nil {
		more, err := filepath.Glob(filepath.Join(dir, "logs", "*.json"))
		require.NoError(t, err)
		paths = append(paths, more...)
	}
	for _, p := range paths {
		log, err := Read(p)
		require.NoError(t, err, p)
		for _, s := range log.Samples {
			samples[filepath.Base(p)+"/"+s.ID.String()+"/"+string(rune('0'+s.Epoch))] = s
		}
	}
	for name, s := range samples {
		for _, prefix := range []string{"", "    "} {
			t.Run(name+"/prefix"+string(rune('0'+len(prefix))), func(t *testing.T) {
				var want, got bytes.Buffer
				require.NoError(t, writeSampleWholeRef(&want, s, prefix))
				require.NoError(t, writeSampleAt(&got, s, prefix))
				assert.Equal(t, want.String(), got.String())
			})
		}
	}
}

// TestStreamedSampleRefusesInvalidRaw: a raw store value that is not JSON fails the sample's
// encoding, as encoding/json failed it.
func TestStreamedSampleRefusesInvalidRaw(t *testing.T) {
	t.Parallel()
	for _, s := range []EvalSample{
		{ID: StringID("s"), Epoch: 1, Store: Store{"k": json.RawMessage(`{"a":`)}},
		{ID: StringID("e"), Epoch: 1, Events: Events{&StoreEvent{Changes: []JSONPatch{{Op: "add", Path: "/k",
			Value: json.RawMessage(`[1,`)}}}}},
	} {
		var ref, got bytes.Buffer
		require.Error(t, writeSampleWholeRef(&ref, s, ""))
		require.ErrorIs(t, writeSampleAt(&got, s, ""), jsonenc.ErrInvalidRaw)
	}
}
