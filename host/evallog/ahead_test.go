package evallog

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadAhead: readAhead yields every event in order, for streams shorter
// and longer than a batch and than the stretch it yields without a goroutine; a consumer that stops early stops the producer
// (which is not asked for more than the window beyond it, and has returned
// when readAhead does); a producer's panic is raised in the consumer.
func TestReadAhead(t *testing.T) {
	t.Parallel()
	numbered := func(n int, made *int) func(func(Event) bool) {
		return func(yield func(Event) bool) {
			for j := range n {
				*made = j + 1
				if !yield(InfoEvent{Source: fmt.Sprint(j)}) {
					return
				}
			}
		}
	}
	for _, tc := range []struct {
		name      string
		n, stopAt int // stopAt < 0: consume everything
	}{
		{"empty", 0, -1},
		{"one", 1, -1},
		{"a batch", aheadBatch, -1},
		{"several batches and a bit", 5*aheadBatch + 3, -1},
		{"stopped at once", 10 * aheadMax, 0},
		{"stopped midway", 10 * aheadMax, 2*aheadBatch + 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			made := 0
			var got []string
			for e := range readAhead(numbered(tc.n, &made)) {
				if len(got) == tc.stopAt {
					break
				}
				got = append(got, e.(InfoEvent).Source)
			}
			want := tc.n
			if tc.stopAt >= 0 {
				want = tc.stopAt
				assert.LessOrEqual(t, made, tc.stopAt+aheadMax+1, "events made beyond the window")
			}
			require.Len(t, got, want)
			for j, s := range got {
				require.Equal(t, fmt.Sprint(j), s)
			}
		})
	}
	for _, after := range []int{1, aheadSync + 10} { // in the consumer's goroutine, in the producer's
		t.Run(fmt.Sprintf("panic after %d", after), func(t *testing.T) {
			t.Parallel()
			boom := errors.New("boom")
			assert.PanicsWithValue(t, boom, func() {
				for range readAhead(func(yield func(Event) bool) {
					for range after {
						if !yield(InfoEvent{}) {
							return
						}
					}
					panic(boom)
				}) {
				}
			})
		})
	}
	t.Run("the consumer panics while the producer runs", func(t *testing.T) {
		t.Parallel()
		boom := errors.New("consumer")
		made := 0
		assert.PanicsWithValue(t, boom, func() {
			seen := 0
			for range readAhead(numbered(10*aheadMax, &made)) {
				if seen++; seen == aheadSync+3 {
					panic(boom)
				}
			}
		}, "the consumer's own panic, not iter.Pull's")
		assert.LessOrEqual(t, made, aheadSync+3+aheadMax+1, "the producer was stopped")
	})
}

// TestAheadWriter: what aheadWriter passes on is what was written, in
// order, whatever the sizes of the writes and of the whole (below a chunk,
// written in the caller's goroutine; above, in its own), so deflating it
// gives the bytes deflating it directly gives; an error of the writer
// behind it comes back from Write or Close.
func TestAheadWriter(t *testing.T) {
	t.Parallel()
	for _, size := range []int{0, 1, aheadChunk - 1, aheadChunk, aheadChunk + 1, 7*aheadChunk + 12345} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(size), 1))
			data := make([]byte, size)
			for i := range data {
				data[i] = "abcdefgh{}\":,\n"[rng.IntN(14)]
			}
			deflate := func(write func(io.Writer)) []byte {
				var out bytes.Buffer
				fw, err := flate.NewWriter(&out, zipLevel)
				require.NoError(t, err)
				write(fw)
				require.NoError(t, fw.Close())
				return out.Bytes()
			}
			want := deflate(func(w io.Writer) { _, _ = w.Write(data) })
			got := deflate(func(w io.Writer) {
				a := newAheadWriter(w)
				for rest := data; len(rest) > 0; {
					k := min(len(rest), 1+rng.IntN(3*aheadChunk/2))
					n, err := a.Write(rest[:k])
					require.NoError(t, err)
					require.Equal(t, k, n)
					rest = rest[k:]
				}
				require.NoError(t, a.Close())
			})
			assert.Equal(t, want, got)
		})
	}
	t.Run("error", func(t *testing.T) {
		t.Parallel()
		broken := errors.New("disk full")
		a := newAheadWriter(failingWriter{broken})
		var err error
		for i := 0; i < 8 && err == nil; i++ {
			_, err = a.Write(make([]byte, aheadChunk))
		}
		if err == nil {
			err = a.Close()
		} else {
			a.Abort()
		}
		assert.ErrorIs(t, err, broken)
		gate := &gatedWriter{open: make(chan struct{})}
		aborted := newAheadWriter(gate)
		_, err = aborted.Write(make([]byte, 3*aheadChunk+1)) // three chunks handed over
		require.NoError(t, err)
		abortDone := make(chan struct{})
		go func() { aborted.Abort(); close(abortDone) }()
		// Abort has begun while the goroutine has written nothing yet (a bound,
		// not a measure: without Abort's drop the test fails here, not hangs).
		require.Eventually(t, aborted.bad.Load, time.Minute, time.Millisecond)
		close(gate.open)
		<-abortDone
		assert.LessOrEqual(t, gate.n, aheadChunk, "at most the chunk being written; Abort drops those still queued")
		small := newAheadWriter(failingWriter{broken})
		_, err = small.Write([]byte("x"))
		require.NoError(t, err)
		assert.ErrorIs(t, small.Close(), broken)
	})
}

// failingWriter fails every write.
type failingWriter struct{ err error }

func (f failingWriter) Write([]byte) (int, error) { return 0, f.err }

// gatedWriter counts what is written, each write waiting until open is closed.
type gatedWriter struct {
	open chan struct{}
	n    int
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	<-g.open
	g.n += len(p)
	return len(p), nil
}
