package evallog

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// storeOrder are the store keys written first, in this order: the swarm's
// result, ledger and metrics, in the order Inspect Swarm adds them. Other
// keys follow, sorted.
var storeOrder = []string{"inspect_swarm:result", "inspect_swarm:ledger", "inspect_swarm:metrics"}

// Store is a sample's store: a map whose JSON keeps the swarm's keys in
// the order Inspect Swarm writes them (encoding/json would sort them).
type Store map[string]any

// MarshalJSON writes the swarm's keys first (storeOrder), then the rest
// sorted.
func (s Store) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range s.keys() {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(s[k])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// keys are the store's keys in the order MarshalJSON writes them.
func (s Store) keys() []string {
	keys := make([]string, 0, len(s))
	for k := range s {
		if !slices.Contains(storeOrder, k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var first []string
	for _, k := range storeOrder {
		if _, ok := s[k]; ok {
			first = append(first, k)
		}
	}
	return append(first, keys...)
}

// writeTo writes the store into js as MarshalJSON does, each value streamed rather than
// copied (a swarm's record, ledger and metrics are json.RawMessage values of several MB),
// the non-finite sentinels as bare tokens. js must escape HTML, as json.Marshal does for a
// raw value.
func (s Store) writeTo(js *jsonenc.Stream) error {
	js.WriteString("{")
	for i, k := range s.keys() {
		if i > 0 {
			js.WriteString(",")
		}
		kb, _ := json.Marshal(k)
		js.Write(kb)
		js.WriteString(":")
		raw, ok := s[k].(json.RawMessage)
		if !ok || raw == nil {
			vb, err := json.Marshal(s[k])
			if err != nil {
				return err
			}
			raw = vb
		} else if !json.Valid(raw) {
			return jsonenc.ErrInvalidRaw
		}
		js.Write(jsonenc.FromSentinels(raw))
	}
	_, err := js.WriteString("}")
	return err
}
