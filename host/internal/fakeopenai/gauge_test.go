package fakeopenai

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGaugeStats(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	type change struct{ ms, d int }
	tests := map[string]struct {
		changes  []change
		nowMS    int
		wantMean float64
		wantMax  int
		wantBusy time.Duration
	}{
		"nothing":             {wantMean: 0},
		"one call":            {changes: []change{{0, 1}, {100, -1}}, nowMS: 500, wantMean: 1, wantMax: 1, wantBusy: 100 * time.Millisecond},
		"two overlapping":     {changes: []change{{0, 1}, {50, 1}, {100, -1}, {150, -1}}, nowMS: 150, wantMean: 4.0 / 3, wantMax: 2, wantBusy: 150 * time.Millisecond},
		"gap between calls":   {changes: []change{{0, 1}, {100, -1}, {300, 1}, {400, -1}}, nowMS: 400, wantMean: 0.5, wantMax: 1, wantBusy: 400 * time.Millisecond},
		"still in flight":     {changes: []change{{0, 1}, {100, 1}}, nowMS: 200, wantMean: 1.5, wantMax: 2, wantBusy: 200 * time.Millisecond},
		"pipe kept full at 2": {changes: []change{{0, 1}, {0, 1}, {100, -1}, {100, 1}, {200, -1}, {200, -1}}, nowMS: 900, wantMean: 2, wantMax: 2, wantBusy: 200 * time.Millisecond},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var g gauge
			for _, c := range tc.changes {
				g.change(c.d, at(c.ms))
			}
			st := g.stats(len(tc.changes), at(tc.nowMS))
			assert.InDelta(t, tc.wantMean, st.MeanInFlight, 1e-9)
			assert.Equal(t, tc.wantMax, st.MaxInFlight)
			assert.Equal(t, tc.wantBusy, st.Busy)
		})
	}
}

// TestLatencyAndStats: every answer waits out the latency, and the stats
// count the requests; the forgetting server keeps none of them.
func TestLatencyAndStats(t *testing.T) {
	const latency = 30 * time.Millisecond
	s := Start(Options{Latency: latency, Forget: true}, func(int, Request) Reply { return Text("ok", Usage{}) })
	defer s.Close()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			resp, err := http.Post(s.BaseURL()+"/chat/completions", "application/json", strings.NewReader(`{"model":"m"}`))
			if assert.NoError(t, err) {
				_ = resp.Body.Close()
				assert.Equal(t, http.StatusOK, resp.StatusCode)
				assert.GreaterOrEqual(t, time.Since(start), latency)
			}
		}()
	}
	wg.Wait()
	st := s.Stats()
	require.Equal(t, 4, st.Requests)
	assert.Equal(t, 0, st.InFlight)
	assert.GreaterOrEqual(t, st.MaxInFlight, 1)
	assert.GreaterOrEqual(t, st.Busy, latency)
	assert.Empty(t, s.Requests())

	resp, err := http.Get(s.URL + "/stats")
	require.NoError(t, err)
	var remote Stats
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&remote))
	_ = resp.Body.Close()
	assert.GreaterOrEqual(t, remote.Conns, st.Conns) // the GET may open a connection of its own
	remote.Conns = st.Conns
	assert.Equal(t, st, remote)
	resp, err = http.Post(s.URL+"/reset", "", nil)
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, Stats{}, s.Stats())
}
