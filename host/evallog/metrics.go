package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Metrics is an ordered set of metrics, written as the JSON object Inspect expects
// ({"accuracy": {...}, "stderr": {...}}), keyed by each metric's Key (its Name when Key is
// empty), in slice order. A Go map would sort the keys and so change which metric Inspect shows
// as the headline.
type Metrics []EvalMetric

// Get returns the metric with the given key (its name, for most metrics).
func (ms Metrics) Get(name string) (EvalMetric, bool) {
	for _, m := range ms {
		if m.key() == name {
			return m, true
		}
	}
	return EvalMetric{}, false
}

// MarshalJSON writes the metrics as an object in slice order.
func (ms Metrics) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			buf.WriteByte(',')
		}
		key, err := jsonenc.Marshal(m.key())
		if err != nil {
			return nil, err
		}
		val, err := jsonenc.Marshal(m)
		if err != nil {
			return nil, fmt.Errorf("metric %q: %w", m.Name, err)
		}
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(val)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON reads the object keeping its key order. A metric without a name takes its key;
// one whose key differs from its name keeps it in Key.
func (ms *Metrics) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("evallog: metrics must be an object")
	}
	out := Metrics{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("evallog: metrics: %w", err)
		}
		var m EvalMetric
		if err := dec.Decode(&m); err != nil {
			return fmt.Errorf("evallog: metric %v: %w", tok, err)
		}
		m.Name = orDefault(m.Name, tok.(string))
		if k := tok.(string); k != m.Name {
			m.Key = k
		}
		out = append(out, m)
	}
	*ms = out
	return nil
}

// key is the metric's key in its EvalScore's metrics object.
func (m EvalMetric) key() string { return orDefault(m.Key, m.Name) }
