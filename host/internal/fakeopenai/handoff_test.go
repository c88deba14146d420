package fakeopenai

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGapsHandoff(t *testing.T) {
	us := func(n int) time.Duration { return time.Duration(n) * time.Microsecond }
	tests := map[string]struct {
		gaps []time.Duration
		want Handoff
	}{
		"none": {},
		"one gap": {gaps: []time.Duration{us(300)},
			want: Handoff{Count: 1, Mean: us(300), Max: us(300), P50: us(300), P90: us(300), P99: us(300)}},
		"quantiles are the bucket's bound": {gaps: []time.Duration{us(3), us(3), us(3), us(3), us(3), us(3), us(3), us(3), us(3), us(900)},
			want: Handoff{Count: 10, Mean: us(92) + 700, Max: us(900), P50: us(4), P90: us(4), P99: us(900)}},
		"a negative gap counts as none": {gaps: []time.Duration{-us(5)},
			want: Handoff{Count: 1, P50: 0, P90: 0, P99: 0}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var g gaps
			for _, d := range tc.gaps {
				g.add(d)
			}
			assert.Equal(t, tc.want, g.handoff())
		})
	}
}

func TestTimeline(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	type span struct{ from, to, n int }
	tests := map[string]struct {
		spans []span
		want  []float64
	}{
		"nothing":            {},
		"one bucket half":    {spans: []span{{0, 50, 1}}, want: []float64{0.5}},
		"across buckets":     {spans: []span{{50, 250, 2}}, want: []float64{1, 2, 1}},
		"a gap stays zero":   {spans: []span{{0, 100, 1}, {200, 300, 3}}, want: []float64{1, 0, 3}},
		"none in flight":     {spans: []span{{0, 300, 0}}},
		"empty span ignored": {spans: []span{{100, 100, 5}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var tl timeline
			for _, s := range tc.spans {
				tl.add(t0, at(s.from), at(s.to), s.n)
			}
			got := tl.means()
			require.Len(t, got, len(tc.want))
			for i := range got {
				assert.InDelta(t, tc.want[i], got[i], 1e-9, "bucket %d", i)
			}
		})
	}
}

// TestHandoffCounted: a client that waits between two calls on one
// connection shows that wait as the connection's hand-off gap.
func TestHandoffCounted(t *testing.T) {
	s := Start(Options{Forget: true}, func(int, Request) Reply { return Text("ok", Usage{}) })
	defer s.Close()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
	const wait = 20 * time.Millisecond
	for i := range 3 {
		if i > 0 {
			time.Sleep(wait)
		}
		resp, err := client.Post(s.BaseURL()+"/chat/completions", "application/json", strings.NewReader(`{}`))
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body) // read whole, or the connection is not reused
		_ = resp.Body.Close()
	}
	h := s.Stats().Handoff
	assert.Equal(t, 2, h.Count)
	assert.GreaterOrEqual(t, h.Mean, wait)
	assert.GreaterOrEqual(t, h.P50, wait)
	assert.Equal(t, 1, s.Stats().Conns)
}
