package evallog

import (
	"math"
	"os"
	"strings"
	"testing"
)

// TestNonFiniteScoresAndMetadataKept: a score of ±Inf and NaN or ±Inf in
// score and sample metadata are written as Inspect writes them (bare
// NaN, Infinity, -Infinity) instead of failing the sample or turning into
// NaN, and read back.
func TestNonFiniteScoresAndMetadataKept(t *testing.T) {
	t.Parallel()
	inf, ninf, nan := math.Inf(1), math.Inf(-1), math.NaN()
	s := fixtureSamples()[0]
	s.Scores = map[string]Score{
		"pos": {Value: NewValue(inf), Metadata: map[string]any{"loss": ninf, "list": []any{nan, 1.5}, "deep": map[string]any{"x": inf}}},
		"neg": {Value: NewValue(ninf)},
	}
	s.Metadata = map[string]any{"budget": inf, "note": "Infinity"}
	w, err := Create(t.TempDir(), fixtureHeader())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.AddSample(s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(w.Path())
	for _, want := range []string{`"value": Infinity`, `"value": -Infinity`, `"loss": -Infinity`, "NaN,\n", `"x": Infinity`,
		`"budget": Infinity`, `"note": "Infinity"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the log lacks %s", want)
		}
	}
	validateLog(t, data)
	l, err := Read(w.Path())
	if err != nil {
		t.Fatal(err)
	}
	got := l.Samples[0]
	if f, _ := got.Scores["pos"].Value.Float(); !math.IsInf(f, 1) {
		t.Errorf("pos value = %v, want +Inf", got.Scores["pos"].Value)
	}
	if f, _ := got.Scores["neg"].Value.Float(); !math.IsInf(f, -1) {
		t.Errorf("neg value = %v, want -Inf", got.Scores["neg"].Value)
	}
	if got.Scores["pos"].Metadata["loss"] != "-Inf" || got.Metadata["budget"] != "Inf" {
		t.Errorf("metadata read back as %v / %v, want the documented -Inf / Inf", got.Scores["pos"].Metadata, got.Metadata)
	}
	if inf := s.Scores["pos"].Metadata["loss"].(float64); !math.IsInf(inf, -1) {
		t.Error("encoding changed the caller's map")
	}
}
