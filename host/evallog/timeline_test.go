package evallog

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// TestAppendTimeline: the direct timeline encoder (which the MarshalJSON
// methods use too) gives byte for byte what encoding/json gives for the
// same timeline as plain structs (refTimeline): member timelines, nested
// spans and branches, unset and set fields, and strings that need escaping
// (HTML characters are not escaped, as in the log).
func TestAppendTimeline(t *testing.T) {
	t.Parallel()
	deep := TimelineSpan{Type: "span", ID: "s<1>", Name: "tool & \"call\"", Utility: true, ToolInvoked: true,
		Content:  []TimelineNode{{Event: "e\n1"}, {Span: &TimelineSpan{ID: "inner", Name: "ünïcode \u2028"}}},
		Branches: []TimelineSpan{{ID: "b1", Name: "branch", SpanType: "agent", Content: []TimelineNode{{Event: "x"}}}, {}}}
	for _, tc := range []struct {
		name string
		tl   Timeline
	}{
		{"empty", Timeline{}},
		{"member without events", MemberTimeline("a-1", "span-a-1", nil)},
		{"member", MemberTimeline("b-2", "span-b-2", []string{"u1", "u2", "u3"})},
		{"nested and branches", Timeline{Name: "n\t", Description: "d\x01", Root: deep}},
		{"span without type", Timeline{Root: TimelineSpan{Type: "", ID: "r", Content: []TimelineNode{{Span: &deep}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want, err := jsonenc.Marshal(refTimeline(tc.tl))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(appendTimeline(nil, tc.tl)))
			viaMarshal, err := jsonenc.Marshal(tc.tl)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(viaMarshal), "through MarshalJSON")
		})
	}
}

// TestCondenserChecked: a large raw value is checked to be valid JSON the
// first time a sample writes it and not again when the same bytes come back
// (a copy, or a short value, is checked each time); an invalid one is
// refused however often it comes. Only the values of store and state
// changes are remembered.
func TestCondenserChecked(t *testing.T) {
	t.Parallel()
	big := json.RawMessage(`{"text":"` + strings.Repeat("x", checkedMin) + `"}`)
	c := newCondenser(nil)
	writeAs := func(raw json.RawMessage, remember bool) error {
		var out bytes.Buffer
		js := jsonenc.NewStream(&out, false, "", 0)
		return c.writeValue(js, raw, remember)
	}
	write := func(raw json.RawMessage) error { return writeAs(raw, true) }
	info := json.RawMessage(`{"info":"` + strings.Repeat("y", checkedMin) + `"}`)
	require.NoError(t, writeAs(info, false))
	assert.False(t, c.checked(info), "an info event's value is not remembered (nor kept alive)")
	assert.False(t, c.checked(big), "before it was written")
	require.NoError(t, write(big))
	assert.True(t, c.checked(big), "the same bytes again")
	assert.False(t, c.checked(bytes.Clone(big)), "a copy")
	small := json.RawMessage(`{"a":1}`)
	require.NoError(t, write(small))
	assert.False(t, c.checked(small), "short values are not remembered")

	bad := json.RawMessage(`{"text":"` + strings.Repeat("x", checkedMin) + `"`)
	for i := range 2 {
		assert.ErrorIs(t, write(bad), jsonenc.ErrInvalidRaw, "write %d", i)
	}
}

// refSpan and refNode are the timeline's JSON as plain structs, for
// encoding/json to encode as the reference of TestAppendTimeline.
type refSpan struct {
	Type        string    `json:"type"`
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	SpanType    string    `json:"span_type,omitempty"`
	Content     []any     `json:"content"`
	Branches    []refSpan `json:"branches"`
	Utility     bool      `json:"utility"`
	ToolInvoked bool      `json:"tool_invoked"`
}

type refNode struct {
	Type  string `json:"type"`
	Event string `json:"event"`
}

// refTimeline is tl as plain structs, with the defaults the log writes.
func refTimeline(tl Timeline) any {
	return struct {
		Name        string  `json:"name"`
		Description string  `json:"description"`
		Root        refSpan `json:"root"`
	}{tl.Name, tl.Description, refOf(tl.Root)}
}

func refOf(s TimelineSpan) refSpan {
	r := refSpan{Type: s.Type, ID: s.ID, Name: s.Name, SpanType: s.SpanType, Utility: s.Utility, ToolInvoked: s.ToolInvoked,
		Content: []any{}, Branches: []refSpan{}}
	if r.Type == "" {
		r.Type = TimelineNodeSpan
	}
	for _, n := range s.Content {
		if n.Span != nil {
			r.Content = append(r.Content, refOf(*n.Span))
		} else {
			r.Content = append(r.Content, refNode{TimelineNodeEvent, n.Event})
		}
	}
	for _, b := range s.Branches {
		r.Branches = append(r.Branches, refOf(b))
	}
	return r
}
