package evallog

import (
	"encoding/json"
	"strings"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Content is a message's content: plain text, or, when Parts is non-nil, a list of typed
// content parts ({"type": "text", "text": ...}, "reasoning", "image", ...). The host writes
// text; parts are kept verbatim when read from Inspect's own logs.
type Content struct {
	Text  string
	Parts []json.RawMessage
}

// TextContent returns plain-text content.
func TextContent(s string) Content { return Content{Text: s} }

// String returns the text: Text, or the text parts joined by newlines.
func (c Content) String() string {
	if c.Parts == nil {
		return c.Text
	}
	var texts []string
	for _, p := range c.Parts {
		var part struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(p, &part) == nil && part.Type == "text" {
			texts = append(texts, part.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// MarshalJSON writes a string, or the part list when Parts is non-nil.
func (c Content) MarshalJSON() ([]byte, error) {
	if c.Parts != nil {
		return jsonenc.Marshal(c.Parts)
	}
	return jsonenc.Marshal(c.Text)
}

// UnmarshalJSON reads a string or a part list.
func (c *Content) UnmarshalJSON(b []byte) error {
	*c = Content{}
	if isJSONString(b) {
		return json.Unmarshal(b, &c.Text)
	}
	c.Parts = []json.RawMessage{}
	return json.Unmarshal(b, &c.Parts)
}
