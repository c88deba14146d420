package jsonenc

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// jsonStreamCases are documents with every token kind, whitespace outside and inside strings,
// escapes next to quotes, empty and nested containers, HTML characters and U+2028/U+2029.
var jsonStreamCases = []string{
	`{}`, `[]`, `"x"`, `1.5e3`, `null`,
	`{"a":1,"b":[1,2,{"c":"d"}],"e":{},"f":[],"g":[[]],"h":{"i":{}}}`,
	" {\n \"a\" : [ 1 , 2 ] ,\t\"b\" : { } , \"c\":[ ] }",
	`{"q":"a \"quoted\" \\ back\\\\","s":"  spaced  , : { [ ","t":"\\"}`,
	`["<tag> & </tag>","\u003c","line` + "\u2028" + `sep` + "\u2029" + `par","é ü 漢字"]`,
	`{"store":{"inspect_swarm:result":{"members":[{"name":"m1","stop":"done"},{"name":"m2","stop":null}]},"k":true}}`,
	`[{"uuid":"x","event":"store","changes":[{"op":"add","path":"/a","value":{"x":[1,{"y":"z"}]},"replaced":null}]}]`,
}

// TestJSONStreamMatchesIndentAndCompact compares the stream with json.Indent and
// json.Compact (and json.Marshal's HTML escaping), the input written whole and in random
// pieces.
func TestJSONStreamMatchesIndentAndCompact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, doc := range jsonStreamCases {
		src := []byte(doc)
		for _, tc := range []struct {
			name         string
			indent, html bool
			prefix       string
			want         func() []byte
		}{
			{"indent", true, false, "    ", func() []byte {
				var b bytes.Buffer
				if err := json.Indent(&b, src, "    ", "  "); err != nil {
					t.Fatal(err)
				}
				return b.Bytes()
			}},
			{"compact", false, false, "", func() []byte {
				var b bytes.Buffer
				if err := json.Compact(&b, src); err != nil {
					t.Fatal(err)
				}
				return b.Bytes()
			}},
			{"compact-html", false, true, "", func() []byte {
				b, err := json.Marshal(json.RawMessage(src))
				if err != nil {
					t.Fatal(err)
				}
				return b
			}},
		} {
			want := tc.want()
			for split := range 20 {
				var got bytes.Buffer
				js := NewStream(&got, tc.indent, tc.prefix, 0)
				js.EscapeHTML = tc.html
				rest := src
				for len(rest) > 0 {
					n := len(rest)
					if split > 0 && !tc.html { // an escaping stream is written whole values
						n = 1 + rng.IntN(len(rest))
					}
					if _, err := js.Write(rest[:n]); err != nil {
						t.Fatal(err)
					}
					rest = rest[n:]
				}
				if err := js.Flush(); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Fatalf("%s of %q (split %d):\n got %q\nwant %q", tc.name, doc, split, got.Bytes(), want)
				}
			}
		}
	}
}

// TestJSONStreamAtDepth checks that a value streamed at a depth is indented as json.Indent
// indents it in place inside its parent.
func TestJSONStreamAtDepth(t *testing.T) {
	parent := []byte(`{"a":1,"store":{"k":[1,{"x":"y"}],"e":{}},"z":[]}`)
	var whole bytes.Buffer
	if err := json.Indent(&whole, parent, "  ", "  "); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	got.WriteString("{\n    \"a\": 1,\n    \"store\": ")
	js := NewStream(&got, true, "  ", 1)
	js.WriteString(`{"k":[1,{"x":"y"}],"e":{}}`)
	if err := js.Flush(); err != nil {
		t.Fatal(err)
	}
	got.WriteString(",\n    \"z\": []\n  }")
	if got.String() != whole.String() {
		t.Fatalf("got\n%s\nwant\n%s", got.String(), whole.String())
	}
}
