package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestScaleRatiosAgainstN100 checks the row comparing the largest N's
// marginal wall with N=100's: a ratio when N=100 took longer than N=10,
// and no ratio (and no "yes") when noise made it take no longer.
func TestScaleRatiosAgainstN100(t *testing.T) {
	t.Parallel()
	run := func(n int, wall time.Duration) scaleRun {
		return scaleRun{N: n, U: Usage{Wall: wall, CPU: wall, HostRSS: 1 << 20, PluginRSS: 1 << 20}}
	}
	tests := map[string]struct {
		n100 time.Duration
		want string
	}{
		"slower at 100 gives a ratio":      {n100: 190 * time.Millisecond, want: "1.00×  ≤ 1.5×  yes"},
		"no slower at 100 gives no figure": {n100: 90 * time.Millisecond, want: "-      ≤ 1.5×  n/a"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var tab Table
			// 1ms per member past N=10 at 10 000; at 100, (n100-100ms)/90.
			scaleRatios(&tab, []scaleRun{run(10, 100*time.Millisecond), run(100, tc.n100), run(10000, 100*time.Millisecond+9990*time.Millisecond)})
			var out bytes.Buffer
			tab.Print(&out)
			var line string
			for _, l := range strings.Split(out.String(), "\n") {
				if strings.Contains(l, "wall per member, N=10000 vs N=100") {
					line = l
					break
				}
			}
			if !strings.Contains(strings.Join(strings.Fields(line), " "), strings.Join(strings.Fields(tc.want), " ")) {
				t.Errorf("row %q does not end %q", line, tc.want)
			}
		})
	}
}
