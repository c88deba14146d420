package evallog

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// topLevelKeys returns the keys of a log file's top-level object, in file order.
func topLevelKeys(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(jsonenc.ToSentinels(data)))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// generic decodes a log document into plain maps and lists (numbers as json.Number, non-finite
// tokens as sentinel strings), for order-insensitive comparisons.
func generic(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(jsonenc.ToSentinels(data)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// tempFiles lists the names in dir other than want.
func tempFiles(t *testing.T, dir, want string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for _, e := range entries {
		if e.Name() != want {
			extra = append(extra, e.Name())
		}
	}
	return extra
}
