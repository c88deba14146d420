package evallog

import (
	"fmt"
	"testing"
)

// BenchmarkAddSample adds samples to a log already holding `held` of them.
// New samples are appended, so the time per call should not grow with the
// log; replacing one rewrites the whole file, which does (see Writer;
// BENCHMARKS.md has the run-level figures).
func BenchmarkAddSample(b *testing.B) {
	base := fixtureSamples()[0]
	for _, c := range []struct {
		held    int
		replace bool
	}{{0, false}, {100, false}, {1000, false}, {100, true}, {1000, true}} {
		held := c.held
		b.Run(fmt.Sprintf("held=%d/replace=%v", held, c.replace), func(b *testing.B) {
			w, err := Create(b.TempDir(), fixtureHeader())
			if err != nil {
				b.Fatal(err)
			}
			for i := range held {
				s := base
				s.ID = IntID(int64(i + 1))
				if err := w.AddSample(s); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for i := range b.N {
				s := base
				s.ID = IntID(int64(held + 1 + i))
				if c.replace {
					s.ID = IntID(int64(1 + i%10)) // the log keeps its size
				}
				if err := w.AddSample(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
