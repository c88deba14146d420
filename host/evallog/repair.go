package evallog

import (
	"bytes"
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// samplesKey starts the samples list of a log as writeDocument writes it (a top-level key
// sits at two spaces).
const samplesKey = "\n  \"samples\": ["

// sampleEnd ends a sample as writeDocument writes it: a sample's own members sit at six
// spaces and a newline inside a JSON string is escaped, so "\n    }" after the samples key
// can only close a whole sample.
const sampleEnd = "\n    }"

// repairEnd returns a started log whose end was cut off in the middle of an append (the host
// killed during the write) cut back to its last complete sample and closed again; ok is false
// when data is not such a log. The cut sample is lost, and a resumed run re-runs it.
func repairEnd(data []byte) (fixed []byte, ok bool) {
	start := bytes.Index(data, []byte(samplesKey))
	if start < 0 || !bytes.Contains(data[:start], []byte(`"status": "started"`)) {
		return nil, false
	}
	list := start + len(samplesKey)
	end := bytes.LastIndex(data[list:], []byte(sampleEnd))
	var out []byte
	if end < 0 {
		out = append(append(out, data[:list]...), closing(0)...)
	} else {
		cut := list + end + len(sampleEnd)
		out = append(append(out, data[:cut]...), closing(1)...)
	}
	if !json.Valid(jsonenc.ToSentinels(out)) {
		return nil, false
	}
	return out, true
}
