package cli

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestRenderLive: the live view shows each number of the eval's progress
// in its row: samples done and running, members running, the live metric,
// tokens with the calls of running samples (and those of finished samples
// apart), model connections in use out of the models' caps, retries,
// elapsed.
func TestRenderLive(t *testing.T) {
	t.Parallel()
	p := eval.Progress{Eval: "team", Done: 3, Total: 12, Active: 2, Running: 7, Retries: 1, CallsInFlight: 4,
		Connections: 10, CallTokens: 5000, Tokens: 1234, MetricName: "match accuracy", MetricValue: 0.5,
		Elapsed: 1520 * time.Millisecond}
	tests := map[string]struct {
		change func(*eval.Progress)
		want   []string
	}{
		"running": {nil, []string{"swarmhost · team", " 3/12", "3 done, 2 running", "members running     7",
			"match accuracy 0.500", "5000 (1234 in finished samples)", "4 of 10 in use", "retries             1",
			"elapsed             1.5s"}},
		"no connection cap known": {func(p *eval.Progress) { p.Connections = 0 }, []string{"4 in use"}},
		"no metric yet":           {func(p *eval.Progress) { p.MetricName = "" }, []string{"metric              -"}},
		"a metric over no scored sample": {func(p *eval.Progress) { p.MetricValue = math.NaN() },
			[]string{"match accuracy n/a"}},
		"finished samples' tokens when larger": {func(p *eval.Progress) { p.CallTokens = 0 },
			[]string{"1234 (1234 in finished samples)"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			q := p
			if tc.change != nil {
				tc.change(&q)
			}
			text := clitest.ANSI.ReplaceAllString(renderLive(q), "")
			for _, w := range tc.want {
				assert.Contains(t, text, w)
			}
		})
	}
	assert.Equal(t, "starting…", renderLive(eval.Progress{}))
}
