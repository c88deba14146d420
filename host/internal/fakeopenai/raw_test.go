package fakeopenai

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRawBodies: with Options.Raw the script gets the body's bytes and no
// decoded body, and "stream": true still gets a streamed answer.
func TestRawBodies(t *testing.T) {
	tests := map[string]struct {
		body       string
		wantStream bool
	}{
		"plain":             {body: `{"model":"m","messages":[{"role":"user","content":"hi"}]}`},
		"streamed":          {body: `{"model":"m","stream":true}`, wantStream: true},
		"stream false":      {body: `{"model":"m","stream":false}`},
		"not json":          {body: `nope`},
		"stream not a bool": {body: `{"stream":"yes"}`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var got Request
			s := Start(Options{Raw: true}, func(_ int, req Request) Reply { got = req; return Text("ok", Usage{}) })
			defer s.Close()
			resp, err := http.Post(s.BaseURL()+"/chat/completions", "application/json", strings.NewReader(tc.body))
			require.NoError(t, err)
			b, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			assert.Equal(t, tc.body, string(got.Raw))
			assert.Nil(t, got.Body)
			assert.Equal(t, tc.wantStream, strings.HasPrefix(string(b), "data:"), "streamed: %s", b)
		})
	}
}
