package jsonenc

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Marshal is json.Marshal without HTML escaping (Python writes <, > and & as they are).
// Every MarshalJSON of the log's types uses it so that nested values are escaped alike.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// MarshalRaw encodes v; v itself is returned as raw JSON when it already is.
func MarshalRaw(v any) ([]byte, error) {
	if r, ok := v.(json.RawMessage); ok {
		return r, nil
	}
	return Marshal(v)
}

// ErrInvalidRaw is a json.RawMessage value that is not JSON, which encoding/json refuses too.
var ErrInvalidRaw = errors.New("evallog: a raw JSON value is not valid JSON")
