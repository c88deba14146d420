package evallog

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
	"github.com/swarmhost/swarmhost/host/internal/jsontok"
)

func TestFloatEncoding(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   float64
		want string
	}{
		"nan":          {math.NaN(), "NaN"},
		"inf":          {math.Inf(1), "Infinity"},
		"neg inf":      {math.Inf(-1), "-Infinity"},
		"integral":     {1, "1.0"},
		"zero":         {0, "0.0"},
		"fraction":     {0.5, "0.5"},
		"tiny":         {1e-7, "1e-7"},
		"huge":         {1e21, "1e+21"},
		"negative":     {-2.25, "-2.25"},
		"many decimal": {math.Nextafter(0.3, 1), "0.30000000000000004"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m := EvalMetric{Name: "m", Value: Float(tc.in)}
			got := encodeCompact(t, m)
			want := `{"name":"m","value":` + tc.want + `,"params":{}}`
			if got != want {
				t.Errorf("got %s, want %s", got, want)
			}
			var back EvalMetric
			if err := json.Unmarshal(jsonenc.ToSentinels([]byte(got)), &back); err != nil {
				t.Fatal(err)
			}
			if b := float64(back.Value); b != tc.in && !(math.IsNaN(b) && math.IsNaN(tc.in)) {
				t.Errorf("round trip: got %v, want %v", b, tc.in)
			}
		})
	}
}

// encodeCompact marshals v and restores bare tokens, as the Writer does (without indenting).
func encodeCompact(t *testing.T, v any) string {
	t.Helper()
	b, err := jsonenc.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(jsonenc.FromSentinels(b))
}

func TestValueEncoding(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   any
		want string
	}{
		"letter":         {"C", `"C"`},
		"string NaN":     {"NaN", `"NaN"`},
		"int":            {1, `1`},
		"float":          {1.0, `1.0`},
		"nan":            {math.NaN(), `NaN`},
		"bool":           {true, `true`},
		"list with nan":  {[]any{1, math.NaN(), "x"}, `[1,NaN,"x"]`},
		"dict with nan":  {map[string]any{"a": math.Inf(-1), "b": nil}, `{"a":-Infinity,"b":null}`},
		"sentinel-ish":   {`\u004e\u0061\u004e`, `"\\u004e\\u0061\\u004e"`},
		"quoted NaN str": {`"NaN"`, `"\"NaN\""`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := encodeCompact(t, NewValue(tc.in))
			if got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
			var back Value
			if err := json.Unmarshal(jsonenc.ToSentinels([]byte(got)), &back); err != nil {
				t.Fatal(err)
			}
			if again := encodeCompact(t, back); again != got {
				t.Errorf("round trip: got %s, want %s", again, got)
			}
		})
	}
}

func TestRewriteNonFiniteLeavesStringsAlone(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ in, want string }{
		"bare tokens":     {`[NaN, Infinity, -Infinity, 1]`, `[0, 0, 0, 1]`},
		"in strings":      {`["NaN", "-Infinity", "a NaN b"]`, `["NaN", "-Infinity", "a NaN b"]`},
		"escaped quote":   {`{"k\"NaN": NaN, "v": "\\"}`, `{"k\"NaN": 0, "v": "\\"}`},
		"keys":            {`{"NaN": NaN}`, `{"NaN": 0}`},
		"nothing to do":   {`{"a": 1}`, `{"a": 1}`},
		"negative number": {`[-1, -Infinity]`, `[-1, 0]`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := string(jsontok.RewriteNonFinite([]byte(tc.in), func(string) string { return "0" }))
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
