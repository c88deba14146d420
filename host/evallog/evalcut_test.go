package evallog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// newEvalAppendCut writes the fixture's samples to an .eval log and keeps
// the file before and after the last one's append (its sample member, then
// its journal entry, then the directory).
func newEvalAppendCut(t *testing.T) (appendCut, []EvalSample) {
	t.Helper()
	samples := fixtureSamples()
	w, err := createEval(t.TempDir(), fixtureHeader())
	if err != nil {
		t.Fatal(err)
	}
	var before []byte
	for i, s := range samples {
		if i == len(samples)-1 {
			before, _ = os.ReadFile(w.Path())
		}
		if err := w.AddSample(s); err != nil {
			t.Fatal(err)
		}
	}
	after, _ := os.ReadFile(w.Path())
	_ = w.Close()
	tail := 0
	for tail < len(before) && before[tail] == after[tail] {
		tail++
	}
	return appendCut{before: before, after: after, tail: tail}, samples
}

// TestEvalReadRepairedAgreesWithResumeAtEveryCut cuts the append of an
// .eval log's last sample after every one of its bytes: ReadRepaired reads
// exactly the samples the resumed writer holds — a sample whose member is
// complete but whose journal entry was cut off included, with the summary
// AddSample would have journaled — and never loses an earlier one.
func TestEvalReadRepairedAgreesWithResumeAtEveryCut(t *testing.T) {
	t.Parallel()
	cut, samples := newEvalAppendCut(t)
	last := samples[len(samples)-1]
	for k := 0; k <= len(cut.after)-cut.tail; k++ {
		path := filepath.Join(t.TempDir(), "cut.eval")
		if err := os.WriteFile(path, cut.at(k), 0o644); err != nil {
			t.Fatal(err)
		}
		log, _, err := ReadRepaired(path)
		if err != nil {
			t.Fatalf("cut after %d bytes: ReadRepaired: %v", k, err)
		}
		read := map[string]bool{}
		for _, s := range log.Samples {
			read[sampleName(s.ID, s.Epoch)] = true
		}
		w, err := resumeEval(path)
		if err != nil {
			t.Fatalf("cut after %d bytes: resume: %v", k, err)
		}
		for _, s := range samples {
			name := sampleName(s.ID, s.Epoch)
			if held := w.Has(s.ID, s.Epoch); held != read[name] {
				t.Fatalf("cut after %d bytes: sample %s: the writer holds it: %v, ReadRepaired read it: %v", k, s.ID, held, read[name])
			}
		}
		for _, s := range samples[:len(samples)-1] {
			if !read[sampleName(s.ID, s.Epoch)] {
				t.Fatalf("cut after %d bytes: the complete sample %s was lost", k, s.ID)
			}
		}
		if sum, ok := w.summaries[sampleName(last.ID, last.Epoch)]; ok {
			want, _ := json.Marshal(summaryOf(last))
			got, _ := json.Marshal(sum)
			if d := cmp.Diff(string(want), string(got)); d != "" {
				t.Fatalf("cut after %d bytes: the held sample's summary differs from AddSample's (-want +got):\n%s", k, d)
			}
		}
		_ = w.Close()
	}
}
