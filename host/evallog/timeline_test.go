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

// TestAppendTimeline: the direct timeline encoder gives byte for byte what
// encoding the timeline through its MarshalJSON methods gives: member
// timelines, nested spans and branches, unset and set fields, and strings
// that need escaping (HTML characters are not escaped, as in the log).
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
			want, err := jsonenc.Marshal(tc.tl)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(appendTimeline(nil, tc.tl)))
		})
	}
}

// TestCondenserChecked: a large raw value is checked to be valid JSON the
// first time a sample writes it and not again when the same bytes come back
// (a copy, or a short value, is checked each time); an invalid one is
// refused however often it comes.
func TestCondenserChecked(t *testing.T) {
	t.Parallel()
	big := json.RawMessage(`{"text":"` + strings.Repeat("x", checkedMin) + `"}`)
	c := newCondenser(nil)
	write := func(raw json.RawMessage) error {
		var out bytes.Buffer
		js := jsonenc.NewStream(&out, false, "", 0)
		return c.writeValue(js, raw)
	}
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
