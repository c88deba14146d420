package evallog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// appendCut is a log as a host killed during the append of its last sample
// leaves it: before is the file with the earlier samples, after the file
// once the append completed; the append wrote after[tail:] at offset tail.
type appendCut struct {
	before, after []byte
	tail          int
}

// at returns the file had the write stopped after k of its bytes: the
// first k bytes of the write over the old file (the old closing brackets
// beyond them still there).
func (c appendCut) at(k int) []byte {
	out := append([]byte(nil), c.after[:c.tail+k]...)
	if c.tail+k < len(c.before) {
		out = append(out, c.before[c.tail+k:]...)
	}
	return out
}

// newAppendCut writes the fixture's first sample, then appends its second.
func newAppendCut(t *testing.T) (appendCut, string) {
	t.Helper()
	samples := fixtureSamples()
	w, err := Create(t.TempDir(), fixtureHeader())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.AddSample(samples[0]); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(w.Path())
	if err := w.AddSample(samples[1]); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(w.Path())
	tail := 0
	for tail < len(before) && before[tail] == after[tail] {
		tail++
	}
	if !bytes.HasPrefix(after, before[:tail]) || tail == 0 {
		t.Fatal("the second sample was not appended in place")
	}
	_ = w.Close()
	return appendCut{before: before, after: after, tail: tail}, w.Path()
}

// finishEvery: TestResumeRepairsEveryCut finishes the resumed log (a whole
// rewrite) at every finishEvery-th cut and at each of the last ones.
const finishEvery = 17

// TestResumeRepairsEveryCut cuts the append of a sample after every one of
// its bytes (0 leaves the previous complete log): Read refuses each cut file (a CutError, never a wrong log);
// ReadRepaired and Resume take it up to the last complete sample, never
// losing the complete one; the resumed run adds what is missing and
// finishes exactly as an uninterrupted run would.
func TestResumeRepairsEveryCut(t *testing.T) {
	t.Parallel()
	cut, name := newAppendCut(t)
	want, _ := os.ReadFile(writeFixture(t))
	samples := fixtureSamples()
	results, stats, reductions := fixtureFinal()
	written := len(cut.after) - cut.tail
	for k := 0; k <= written; k++ {
		path := filepath.Join(t.TempDir(), filepath.Base(name))
		if err := os.WriteFile(path, cut.at(k), 0o644); err != nil {
			t.Fatal(err)
		}
		// the file before the append, or after it but for trailing whitespace
		complete := k == 0 || bytes.Equal(bytes.TrimSpace(cut.at(k)), bytes.TrimSpace(cut.after))
		if _, err := Read(path); !complete {
			var ce *CutError
			if !errors.As(err, &ce) {
				t.Fatalf("cut after %d of %d bytes: Read: %v, want a CutError", k, written, err)
			}
		}
		l, repaired, err := ReadRepaired(path)
		if err != nil {
			t.Fatalf("cut after %d of %d bytes: ReadRepaired: %v", k, written, err)
		}
		if repaired == complete {
			t.Errorf("cut after %d of %d bytes: repaired = %v", k, written, repaired)
		}
		w, err := Resume(path)
		if err != nil {
			t.Fatalf("cut after %d of %d bytes: Resume: %v", k, written, err)
		}
		if len(l.Samples) < 1 || !w.Has(samples[0].ID, 1) {
			t.Fatalf("cut after %d of %d bytes: the complete first sample was lost", k, written)
		}
		kept := w.Has(samples[1].ID, 1)
		if kept != (len(l.Samples) == 2) {
			t.Fatalf("cut after %d bytes: ReadRepaired and Resume disagree on the second sample", k)
		}
		if k%finishEvery != 0 && k < written-finishEvery {
			_ = w.Close()
			continue
		}
		for _, s := range samples[1:] {
			if !w.Has(s.ID, s.Epoch) {
				if err := w.AddSample(s); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Finish(StatusSuccess, results, stats, reductions, nil); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(path)
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Fatalf("cut after %d of %d bytes: the resumed log differs (-uninterrupted +resumed):\n%s", k, written, diff)
		}
	}
}
