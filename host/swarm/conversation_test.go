package swarm

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// fresh returns a message whose content is a new copy of text, as a
// decoded request's would be.
func fresh(role, text string) model.Message {
	return model.Message{Role: role, Content: strings.Clone(text), Source: "input"}
}

func TestConversationSharesRepeatedMessages(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		first, second []model.Message
		// shared lists which of second's messages must be the first call's.
		shared []bool
	}{
		"a growing conversation reuses its prefix": {
			first:  []model.Message{fresh("user", "q"), fresh("assistant", "a")},
			second: []model.Message{fresh("user", "q"), fresh("assistant", "a"), fresh("user", "more")},
			shared: []bool{true, true, false},
		},
		"a changed message is not reused, the rest is": {
			first:  []model.Message{fresh("user", "q"), fresh("assistant", "a")},
			second: []model.Message{fresh("user", "q"), fresh("assistant", "b")},
			shared: []bool{true, false},
		},
		"same text, other role": {
			first:  []model.Message{fresh("user", "q")},
			second: []model.Message{fresh("assistant", "q")},
			shared: []bool{false},
		},
		"metadata must agree too": {
			first: []model.Message{fresh("user", "q")},
			second: []model.Message{{Role: "user", Content: "q", Source: "input",
				Metadata: map[string]any{"k": 1}}},
			shared: []bool{false},
		},
		"a shorter conversation": {
			first:  []model.Message{fresh("user", "q"), fresh("assistant", "a")},
			second: []model.Message{fresh("user", "q")},
			shared: []bool{true},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var c conversation
			first := c.share(tc.first)
			before := append([]model.Message(nil), tc.second...)
			got := c.share(tc.second)
			assert.Equal(t, tc.second, withoutIDs(got), "the input is unchanged in value, but for ids")
			assert.Equal(t, before, tc.second, "the caller's slice is not modified")
			for i, want := range tc.shared {
				same := i < len(first) && unsafe.StringData(got[i].Content) == unsafe.StringData(first[i].Content)
				assert.Equal(t, want, same, "message %d shared", i)
				assert.NotEmpty(t, got[i].ID, "message %d has an id", i)
				if i < len(first) {
					assert.Equal(t, want, got[i].ID == first[i].ID, "message %d keeps its id only when repeated", i)
				}
			}
		})
	}
}

// TestConversationKeepsRecordedInputs: inputs handed out earlier keep their
// values whatever later calls send (appending to a shared backing array
// must never overwrite what an earlier input holds).
func TestConversationKeepsRecordedInputs(t *testing.T) {
	t.Parallel()
	calls := [][]model.Message{
		{fresh("user", "q")},
		{fresh("user", "q"), fresh("assistant", "a1")},
		{fresh("user", "q"), fresh("assistant", "a1"), fresh("user", "go on")},
		{fresh("user", "q"), fresh("assistant", "other")},
		{fresh("user", "q"), fresh("assistant", "other"), fresh("user", "x")},
		{fresh("user", "q")},
		{fresh("user", "q"), fresh("assistant", "z")},
	}
	var c conversation
	var got [][]model.Message
	for _, in := range calls {
		got = append(got, c.share(in))
	}
	for i, in := range calls {
		assert.Equal(t, in, withoutIDs(got[i]), "input %d as recorded", i)
	}
}

// TestConversationCallersCannotWriteShared: appending to a returned input
// (as a provider adding a system message might, while a later call of the
// same member is recorded) never changes what another call's input holds.
func TestConversationCallersCannotWriteShared(t *testing.T) {
	t.Parallel()
	var c conversation
	c.share([]model.Message{fresh("user", "q")})
	c.share([]model.Message{fresh("user", "q"), fresh("assistant", "a")})
	third := c.share([]model.Message{fresh("user", "q"), fresh("assistant", "a"), fresh("user", "b")})
	fourth := c.share([]model.Message{fresh("user", "q"), fresh("assistant", "a"), fresh("user", "b"), fresh("user", "c")})
	_ = append(third, fresh("system", "sneaky"))
	assert.Equal(t, "c", fourth[3].Content, "the fourth input is intact")
}

// withoutIDs returns a copy of msgs with the ids share gave them removed.
func withoutIDs(msgs []model.Message) []model.Message {
	out := append([]model.Message(nil), msgs...)
	for i := range out {
		out[i].ID = ""
	}
	return out
}

// TestConversationIDs: every message gets an id; an id the agent sent is
// kept, a repeated message keeps its id, and two different messages never
// share one.
func TestConversationIDs(t *testing.T) {
	t.Parallel()
	var c conversation
	given := model.Message{ID: "given", Role: "user", Content: "q", Source: "input"}
	in := []model.Message{given, fresh("user", "p")}
	first := c.share(in)
	assert.Empty(t, in[1].ID, "the caller's messages are not modified")
	second := c.share([]model.Message{given, fresh("user", "p"), fresh("assistant", "a")})
	third := c.share([]model.Message{given, fresh("user", "p"), second[2], fresh("user", "b")})
	assert.Equal(t, "given", first[0].ID)
	assert.Equal(t, first[1].ID, second[1].ID, "the repeated prefix keeps its ids")
	assert.Equal(t, second[2].ID, third[2].ID)
	ids := map[string]bool{}
	for _, m := range third {
		assert.NotEmpty(t, m.ID)
		ids[m.ID] = true
	}
	assert.Len(t, ids, len(third), "distinct messages, distinct ids")
}

// TestIDPoolSharesContent: two members sending the same message (the same
// system prompt) get one id, as Inspect's log pools read them; different
// messages never share one.
func TestIDPoolSharesContent(t *testing.T) {
	t.Parallel()
	ids := newIDPool()
	a, b := conversation{ids: ids}, conversation{ids: ids}
	ina := a.share([]model.Message{fresh("system", "be brief"), fresh("user", "q from a")})
	inb := b.share([]model.Message{fresh("system", "be brief"), fresh("user", "q from b")})
	assert.Equal(t, ina[0].ID, inb[0].ID, "the same system prompt is one message")
	assert.NotEqual(t, ina[1].ID, inb[1].ID, "different questions are two")
	assert.NotEqual(t, ina[0].ID, ina[1].ID)
}

// TestSameMessageAgreesWithDeepEqual: sameMessage compares field by field
// as reflect.DeepEqual would (after the missing-id rule), nil against empty
// included.
func TestSameMessageAgreesWithDeepEqual(t *testing.T) {
	t.Parallel()
	base := model.Message{ID: "m1", Role: "assistant", Content: "c", Source: "generate", Model: "mock"}
	with := func(f func(*model.Message)) model.Message {
		m := base
		f(&m)
		return m
	}
	calls := []model.ToolCall{{ID: "1", Function: "f", Arguments: map[string]any{"x": 1.0}}}
	tests := map[string]struct{ a, b model.Message }{
		"equal":              {base, base},
		"missing id":         {base, with(func(m *model.Message) { m.ID = "" })},
		"other id":           {base, with(func(m *model.Message) { m.ID = "m2" })},
		"other model":        {base, with(func(m *model.Message) { m.Model = "x" })},
		"other function":     {base, with(func(m *model.Message) { m.Function = "f" })},
		"other tool call id": {base, with(func(m *model.Message) { m.ToolCallID = "t" })},
		"error vs none":      {base, with(func(m *model.Message) { m.Error = &model.ToolError{Type: "unknown"} })},
		"equal errors":       {with(func(m *model.Message) { m.Error = &model.ToolError{Message: "e"} }), with(func(m *model.Message) { m.Error = &model.ToolError{Message: "e"} })},
		"other errors":       {with(func(m *model.Message) { m.Error = &model.ToolError{Message: "e"} }), with(func(m *model.Message) { m.Error = &model.ToolError{Message: "f"} })},
		"nil vs empty calls": {base, with(func(m *model.Message) { m.ToolCalls = []model.ToolCall{} })},
		"equal calls":        {with(func(m *model.Message) { m.ToolCalls = calls }), with(func(m *model.Message) { m.ToolCalls = slices.Clone(calls) })},
		"other call arguments": {with(func(m *model.Message) { m.ToolCalls = calls }), with(func(m *model.Message) {
			m.ToolCalls = []model.ToolCall{{ID: "1", Function: "f", Arguments: map[string]any{"x": 2.0}}}
		})},
		"nil vs empty meta": {base, with(func(m *model.Message) { m.Metadata = map[string]any{} })},
		"equal meta":        {with(func(m *model.Message) { m.Metadata = map[string]any{"k": "v"} }), with(func(m *model.Message) { m.Metadata = map[string]any{"k": "v"} })},
		"other meta":        {with(func(m *model.Message) { m.Metadata = map[string]any{"k": "v"} }), with(func(m *model.Message) { m.Metadata = map[string]any{"k": "w"} })},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := tc.b
			if b.ID == "" {
				b.ID = tc.a.ID
			}
			assert.Equal(t, reflect.DeepEqual(tc.a, b), sameMessage(tc.a, tc.b))
		})
	}
}

// TestConversationSharesTools: a repeated tool list is the first call's
// (the same backing array); a changed one replaces it.
func TestConversationSharesTools(t *testing.T) {
	t.Parallel()
	list := func(desc string) []model.ToolInfo {
		return []model.ToolInfo{{Name: "bash", Description: strings.Clone(desc),
			Parameters: []byte(`{"type":"object","properties":{"cmd":{"type":"string"}}}`)}}
	}
	var c conversation
	first := c.shareTools(list("run"))
	second := c.shareTools(list("run"))
	assert.Same(t, &first[0], &second[0], "a repeated list is shared")
	third := c.shareTools(list("run it"))
	assert.NotSame(t, &first[0], &third[0], "a changed list is not")
	assert.Equal(t, "run it", third[0].Description)
	assert.Nil(t, c.shareTools(nil), "no tools stay none")
}
