package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// swarmClosingSample is a sample shaped like a large swarm's at its end, without the members'
// own events: a store with the result record, ledger and metrics of `members` members (raw
// JSON, ~1 KB a member in all, a long answer each that the events' condensing attaches), the
// closing events that repeat them (three store events and a state event) and the ledger's and
// metrics' info events.
func swarmClosingSample(members int) EvalSample {
	var rec, led, met bytes.Buffer
	rec.WriteString(`{"version":1,"members":[`)
	led.WriteString(`{"members":{`)
	met.WriteString(`{"members":[`)
	for i := range members {
		if i > 0 {
			rec.WriteByte(',')
			led.WriteByte(',')
			met.WriteByte(',')
		}
		name := fmt.Sprintf("member-%06d", i)
		answer := strings.Repeat(fmt.Sprintf("answer of %s; ", name), 8)
		fmt.Fprintf(&rec, `{"name":%q,"status":"submitted","answer":%q,"stop_reason":"done","calls":5}`, name, answer)
		fmt.Fprintf(&led, `%q:{"input_tokens":%d,"output_tokens":%d,"total_tokens":%d,"cost":null,"stop":"done"}`,
			name, 100+i, 20+i%7, 120+i)
		fmt.Fprintf(&met, `{"name":%q,"model_calls":5,"tool_calls":2,"messages_sent":1,"working_time":%d.5}`, name, i%60)
	}
	rec.WriteString(`],"final":{"member":"member-000000","mode":"first"}}`)
	led.WriteString(`}}`)
	met.WriteString(`]}`)
	store := Store{"inspect_swarm:result": json.RawMessage(rec.Bytes()),
		"inspect_swarm:ledger": json.RawMessage(led.Bytes()), "inspect_swarm:metrics": json.RawMessage(met.Bytes())}
	at := TimeOf(time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC))
	base := func(span string) EventBase { return EventBase{UUID: NewID(), SpanID: span, Timestamp: at} }
	changes := func(prefix string) []JSONPatch {
		var out []JSONPatch
		for _, k := range store.keys() {
			out = append(out, JSONPatch{Op: "add", Path: prefix + k, Value: store[k]})
		}
		return out
	}
	type evidence struct {
		Type string `json:"type"`
		json.RawMessage
	}
	events := Events{
		&InfoEvent{EventBase: base("swarm"), Source: "inspect_swarm", Data: evidence{"ledger", store["inspect_swarm:ledger"].(json.RawMessage)}},
		&InfoEvent{EventBase: base("swarm"), Source: "inspect_swarm", Data: evidence{"metrics", store["inspect_swarm:metrics"].(json.RawMessage)}},
		&StoreEvent{EventBase: base("swarm"), Changes: changes("/")},
		&StateEvent{EventBase: base("solver"), Changes: changes("/store/")},
		&StoreEvent{EventBase: base("solver"), Changes: changes("/")},
		&StoreEvent{EventBase: base("solvers"), Changes: changes("/")},
	}
	return EvalSample{ID: StringID("swarm"), Epoch: 1, Input: Input{Text: "go"}, Store: store, Events: events}
}

// BenchmarkWriteSwarmClosing writes the closing part of a 10 000-member swarm's sample, as
// an .eval sample document and in a JSON log's place, streamed (writeSampleAt) and through
// whole-event buffers as before (writeSampleWholeRef): compare B/op, the bytes allocated
// while writing it, most of which were alive at once at the log's peak.
func BenchmarkWriteSwarmClosing(b *testing.B) {
	s := swarmClosingSample(10000)
	for _, prefix := range []string{"", "    "} {
		for _, w := range []struct {
			name  string
			write func(io.Writer, EvalSample, string) error
		}{{"streamed", writeSampleAt}, {"whole", writeSampleWholeRef}} {
			b.Run(fmt.Sprintf("prefix=%d/%s", len(prefix), w.name), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if err := w.write(io.Discard, s, prefix); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
