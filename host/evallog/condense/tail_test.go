package condense

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// The whole-buffer encoding of a condenser's tail that WriteTail replaced (the attachments and
// pools encoded whole, then indented), kept as the reference TestWriteTailMatchesWholeBuffers
// compares the streamed bytes with.

// tailRef is the sample's attachments and events data, compact.
func tailRef(c *Condenser) (attachments, eventsData []byte) {
	for _, m := range c.later {
		if !c.keys[m.key] {
			c.keys[m.key] = true
			c.order = append(c.order, m)
		}
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	n := 0
	for _, k := range slices.Sorted(maps.Keys(c.existing)) {
		if c.keys[k] {
			continue
		}
		writeAttachmentRef(&buf, n, k, c.existing[k])
		n++
	}
	for _, m := range c.order {
		writeAttachmentRef(&buf, n, m.key, m.text)
		n++
	}
	buf.WriteByte('}')
	attachments = bytes.Clone(buf.Bytes())
	buf.Reset()
	buf.WriteString(`{"messages":`)
	jsonenc.WriteArray(&buf, c.msgPool)
	buf.WriteString(`,"calls":`)
	jsonenc.WriteArray(&buf, c.callPool)
	buf.WriteByte('}')
	return attachments, buf.Bytes()
}

// writeAttachmentRef writes the n-th member of the attachments object.
func writeAttachmentRef(buf *bytes.Buffer, n int, key, text string) {
	if n > 0 {
		buf.WriteByte(',')
	}
	buf.Write(jsonenc.AppendString(buf.AvailableBuffer(), key))
	buf.WriteByte(':')
	buf.Write(jsonenc.AppendString(buf.AvailableBuffer(), text))
}

// tailCondenser is a condenser with something of every kind in its tail: a sample's own
// attachments (one of them used again), attachments made before and while deferring, pooled
// input messages (one twice) and call messages, a non-finite number among them.
func tailCondenser(t *testing.T) *Condenser {
	t.Helper()
	long := func(what string) string { return what + ": " + strings.Repeat("x", MaxText) }
	own := long("own")
	c := New(map[string]string{Key(own): own, Key(long("unused")): long("unused")})
	require.Equal(t, Protocol+Key(own), c.Text(Protocol+Key(own)), "the sample's own attachment stays its own")
	c.Text(long("first"))
	c.Defer(true)
	c.Text(long("deferred"))
	c.Defer(false)
	c.Text(long("second <&>"))
	c.PoolMessage([]byte(`{"role":"user","content":"hello"}`), "m1")
	c.PoolMessage([]byte(`{"role":"user","content":"hello"}`), "m2")
	c.PoolMessage([]byte(`{"role":"assistant","content":"NaN","score":"\u004e\u0061\u004e"}`), "")
	c.SeedCall([]byte(`{"role":"user","content":"` + long("call") + `"}`))
	return c
}

// TestWriteTailMatchesWholeBuffers: the streamed tail is byte for byte the whole-buffer
// reference, compact (an .eval sample, prefix "") and indented (a .json log's sample).
func TestWriteTailMatchesWholeBuffers(t *testing.T) {
	t.Parallel()
	for name, prefix := range map[string]string{"compact": "", "indented": "    "} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			att, data := tailRef(tailCondenser(t))
			if prefix != "" {
				att, data = indentRef(t, att, prefix+"  "), indentRef(t, data, prefix+"  ")
			} else {
				att, data = jsonenc.FromSentinels(att), jsonenc.FromSentinels(data)
			}
			want := string(att) + ",\n" + prefix + "  \"events_data\": " + string(data)
			var got bytes.Buffer
			require.NoError(t, tailCondenser(t).WriteTail(&got, prefix))
			require.Equal(t, want, got.String())
			require.Contains(t, want, "NaN", "the sentinel is written as the bare token")
		})
	}
}

// indentRef indents raw JSON under prefix as the whole-buffer encoding did.
func indentRef(t *testing.T, raw []byte, prefix string) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, json.Indent(&buf, raw, prefix, "  "))
	return jsonenc.FromSentinels(buf.Bytes())
}
