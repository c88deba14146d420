package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog/condense"
)

// TestWriteSampleMatchesWholeEncoding: a sample written event by event is
// byte for byte what encoding it whole gives, for every sample of our own
// fixture and of Inspect's real logs (events of every kind, NaN scores,
// nested spans), and for a sample without events.
func TestWriteSampleMatchesWholeEncoding(t *testing.T) {
	t.Parallel()
	paths := []string{filepath.Join("testdata", "swarm-demo.json")}
	more, err := filepath.Glob(filepath.Join(inspectDir(t), "logs", "*.json"))
	require.NoError(t, err)
	paths = append(paths, more...)
	samples := map[string]EvalSample{"no events": {ID: StringID("empty"), Epoch: 1}}
	for _, p := range paths {
		log, err := Read(p)
		require.NoError(t, err, p)
		for i, s := range log.Samples {
			samples[filepath.Base(p)+"/"+s.ID.String()+"/"+string(rune('0'+i%10))] = s
		}
	}
	require.Greater(t, len(samples), 3)
	for name, s := range samples {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			whole, err := encodeIndented(s, "    ", "sample")
			require.NoError(t, err)
			var streamed bytes.Buffer
			require.NoError(t, writeSample(&streamed, s))
			assert.Equal(t, string(whole), streamed.String())

			// The same events, the second half from an EventStream.
			half := len(s.Events) / 2
			split := s
			split.Events, split.EventStream = s.Events[:half], slices.Values(s.Events[half:])
			var fromStream bytes.Buffer
			require.NoError(t, writeSample(&fromStream, split))
			assert.Equal(t, string(whole), fromStream.String(), "events from a stream")
			enc, err := encodeIndented(split, "    ", "sample")
			require.NoError(t, err)
			assert.Equal(t, string(whole), string(enc), "MarshalJSON with a stream")

			// Timelines gathered while the events stream come out where Timelines would.
			tls := []Timeline{MemberTimeline("m", "member-m", []string{"e1", "e2"})}
			withTL := s
			withTL.Timelines = tls
			wholeTL, err := encodeIndented(withTL, "    ", "sample")
			require.NoError(t, err)
			after := split
			after.TimelinesAfter = func() []Timeline { return tls }
			var streamedTL bytes.Buffer
			require.NoError(t, writeSample(&streamedTL, after))
			assert.Equal(t, string(wholeTL), streamedTL.String(), "timelines after the stream")
			enc, err = encodeIndented(after, "    ", "sample")
			require.NoError(t, err)
			assert.Equal(t, string(wholeTL), string(enc), "MarshalJSON with timelines after the stream")
		})
	}
}

// TestLargeSamplesInterleaveInTheSpool adds samples larger than a spool
// chunk from several goroutines, so their chunks interleave in the spool,
// then checks that every sample in the file is exactly its own encoding.
func TestLargeSamplesInterleaveInTheSpool(t *testing.T) {
	t.Parallel()
	w, err := Create(t.TempDir(), fixtureHeader())
	require.NoError(t, err)
	const n = 4
	want := map[string][]byte{}
	samples := make([]EvalSample, n)
	for i := range samples {
		s := fixtureSample(IntID(int64(i+1)), fmt.Sprintf("q%d", i), "x")
		pad := strings.Repeat("z", condense.MaxText) // inline: a longer text would be an attachment
		for j := range 4000 {
			s.Events = append(s.Events, InfoEvent{EventBase: EventBase{Timestamp: at(float64(j))},
				Source: "test", Data: map[string]any{"sample": i, "event": j, "pad": pad, "pad2": pad, "pad3": pad, "pad4": pad}})
		}
		enc, err := encodeSample(s)
		require.NoError(t, err)
		require.Greater(t, len(enc), 2*spoolChunk, "each sample spans several chunks")
		want[s.ID.String()] = compact(t, enc)
		samples[i] = s
	}
	var wg sync.WaitGroup
	for _, s := range samples {
		wg.Go(func() { assert.NoError(t, w.AddSample(s)) })
	}
	wg.Wait()
	require.NoError(t, w.Finish(StatusSuccess, nil, EvalStats{}, nil, nil))
	raw, err := readRaw(w.Path())
	require.NoError(t, err)
	require.Len(t, raw.Samples, n)
	for i, got := range raw.Samples {
		id := fmt.Sprint(i + 1)
		assert.Equal(t, string(want[id]), string(compact(t, got)), "sample %s", id)
	}
}

func compact(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, json.Compact(&buf, b))
	return buf.Bytes()
}

// TestWriteSampleStreamsEvents: a sample's events are written as they are
// made, at most readAhead's window (aheadMax events) after they were made,
// never all made first (a 10 000-member swarm's are several hundred MB), and
// the bytes are those of encoding the whole sample at once.
func TestWriteSampleStreamsEvents(t *testing.T) {
	t.Parallel()
	for name, prefix := range map[string]string{"json log": "    ", "eval log": ""} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			n := 3*aheadMax + 7
			out := &lockedBuffer{}
			var early []int // events made before the one aheadMax earlier was written
			s := fixtureSample(IntID(1), "q", "x")
			s.EventStream = func(yield func(Event) bool) {
				for j := range n {
					if j >= aheadMax && !strings.Contains(out.String(), marker(j-aheadMax)) {
						early = append(early, j)
					}
					if !yield(InfoEvent{EventBase: EventBase{Timestamp: at(float64(j))}, Source: "test", Data: marker(j)}) {
						return
					}
				}
			}
			require.NoError(t, writeSampleAt(out, s, prefix))
			assert.Empty(t, early, "events made before the one %d earlier was written", aheadMax)
			whole := s
			whole.EventStream = nil
			for j := range n {
				whole.Events = append(whole.Events, InfoEvent{EventBase: EventBase{Timestamp: at(float64(j))}, Source: "test", Data: marker(j)})
			}
			want, err := encodeIndented(whole, prefix, "sample")
			require.NoError(t, err)
			assert.Equal(t, string(compact(t, want)), string(compact(t, out.Bytes())))
		})
	}
}

// marker is the j-th event's data in TestWriteSampleStreamsEvents.
func marker(j int) string { return fmt.Sprintf("marker-%05d", j) }

// lockedBuffer is a bytes.Buffer a test may read while another goroutine
// writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedBuffer) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Clone(l.b.Bytes())
}
