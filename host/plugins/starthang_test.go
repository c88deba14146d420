package plugins

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestMetadataHangProblem: the SDKs' stderr warning (Go's and Python's
// wording, through the tail's re-levelling) turns a handshake timeout into
// a hang in Metadata; without it, or for another error, it does not.
func TestMetadataHangProblem(t *testing.T) {
	t.Parallel()
	timeout := errors.New("timeout while waiting for plugin to start")
	tail := func(lines ...string) []string {
		tb := &tailBuffer{}
		for _, l := range lines {
			_, _ = tb.Write([]byte(l + "\n"))
		}
		return tb.Lines()
	}
	tests := map[string]struct {
		err    error
		stderr []string
		want   string
	}{
		"Go SDK": {err: timeout, stderr: tail(`{"@level":"warn","@message":"Metadata has not returned after 1s: *judge.Scorer"}`),
			want: "its Metadata method (*judge.Scorer) did not return within 3s"},
		"Python SDK": {err: timeout, stderr: tail(`{"@level": "warn", "@message": "Metadata has not returned after 1s: Judge"}`),
			want: "its Metadata method (Judge) did not return within 3s"},
		"a slow start":      {err: timeout, stderr: tail("loading weights"), want: ""},
		"another error":     {err: errors.New("plugin exited before we could connect"), stderr: tail(`{"@level":"warn","@message":"Metadata has not returned after 1s: X"}`), want: ""},
		"nothing on stderr": {err: timeout, want: ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := metadataHangProblem(tc.err, tc.stderr, Options{StartTimeout: 3 * time.Second})
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			assert.Contains(t, got, tc.want)
		})
	}
}
