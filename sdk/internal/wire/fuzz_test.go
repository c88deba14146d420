package wire

import (
	"encoding/json"
	"reflect"
	"testing"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// FuzzNonFinite feeds arbitrary bytes, as a plugin may send them, to the
// score and metadata decoders: they must never panic, and JSON without
// the bare non-finite tokens decodes exactly as encoding/json decodes it.
func FuzzNonFinite(f *testing.F) {
	f.Add([]byte(`{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN"}`))
	f.Add([]byte(`Infinity`))
	f.Add([]byte(`{"s": "\"Infinity\\", "n": -Infinity}`))
	f.Add([]byte(`[1, 2.5, "x", {"y": null}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = ScoreFromProto(&pb.Score{ValueJson: data, MetadataJson: data})
		_ = unmarshalMap(data)
		got, err := unmarshalAny(data)
		var want any
		if json.Unmarshal(data, &want) == nil {
			if err != nil || !reflect.DeepEqual(want, got) {
				t.Fatalf("valid JSON %q decoded as %#v (%v), want %#v", data, got, err, want)
			}
		}
		if err == nil {
			_ = marshalJSON(got)
		}
	})
}
