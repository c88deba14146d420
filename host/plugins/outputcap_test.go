package plugins

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/stretchr/testify/assert"
)

// TestStrayOutputIsCapped: a line longer than MaxOutputLine is cut with the
// cut noted; past MaxOutputStream a stream is dropped, noted once when it
// starts and with the count when the stream ends; the host's log stays
// bounded however much the plugin writes, and the writer holds at most one
// capped line.
func TestStrayOutputIsCapped(t *testing.T) {
	t.Parallel()
	const lineLen = 1000
	floodLines := 20 * MaxOutputStream / lineLen
	admitted := MaxOutputStream / lineLen
	tests := map[string]struct {
		write     func(t *testing.T, w *strayWriter)
		contains  []string
		maxLogged int
	}{
		"a long line is cut and says so": {
			write: func(_ *testing.T, w *strayWriter) {
				_, _ = w.Write([]byte(strings.Repeat("a", 3*MaxOutputLine) + "\nnext\n"))
			},
			contains:  []string{fmt.Sprintf("cut_bytes=%d", 2*MaxOutputLine), "output=next"},
			maxLogged: 2 * MaxOutputLine,
		},
		"a line without a newline, in many writes": {
			write: func(t *testing.T, w *strayWriter) {
				for range 1000 {
					_, _ = w.Write([]byte(strings.Repeat("b", lineLen)))
					assert.LessOrEqual(t, len(w.buf), MaxOutputLine, "held in memory")
				}
			},
			contains:  []string{fmt.Sprintf("cut_bytes=%d", 1000*lineLen-MaxOutputLine)},
			maxLogged: 2 * MaxOutputLine,
		},
		"a flood is dropped after the stream cap": {
			write: func(_ *testing.T, w *strayWriter) {
				line := []byte(strings.Repeat("c", lineLen) + "\n")
				for range floodLines {
					_, _ = w.Write(line)
				}
			},
			contains: []string{
				fmt.Sprintf("plugin output cut: the plugin wrote more than %d bytes to stdout", MaxOutputStream),
				fmt.Sprintf("plugin output cut: %d bytes in %d lines of stdout were dropped", (floodLines-admitted)*lineLen, floodLines-admitted),
			},
			maxLogged: 2 * MaxOutputStream,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out bytes.Buffer
			w := newStrayWriter(hclog.New(&hclog.LoggerOptions{Output: &out, Level: hclog.Trace}), "stdout")
			tc.write(t, w)
			w.Flush()
			for _, s := range tc.contains {
				assert.Contains(t, out.String(), s)
			}
			assert.Less(t, out.Len(), tc.maxLogged)
		})
	}
}

// TestStderrLogLinesAreCapped: the logger go-plugin re-levels stderr lines
// through cuts each message and shares the stream's budget.
func TestStderrLogLinesAreCapped(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	host := hclog.New(&hclog.LoggerOptions{Output: &out, Level: hclog.Trace})
	nl := pluginLogger(host, Binary{Kind: "agent", Name: "x", Path: "/p/swarmhost-agent-x"}).(namedLogger)
	l := nl.Named("swarmhost-agent-x")
	l.Info(strings.Repeat("m", 2*MaxOutputLine), "field", strings.Repeat("f", 2*MaxOutputLine))
	assert.Contains(t, out.String(), fmt.Sprintf("cut_bytes=%d", 2*MaxOutputLine))
	for range 2 * MaxOutputStream / MaxOutputLine {
		l.Warn(strings.Repeat("w", MaxOutputLine))
	}
	stray := newStrayWriter(nl, "stderr")
	_, _ = stray.Write([]byte("after the cap\n"))
	stray.Flush()
	assert.Contains(t, out.String(), "bytes to stderr; the rest is dropped")
	assert.NotContains(t, out.String(), "after the cap", "stray stderr shares the spent budget")
	assert.Contains(t, out.String(), "lines of stderr were dropped")
	assert.Less(t, out.Len(), MaxOutputStream+8*MaxOutputLine)
}
