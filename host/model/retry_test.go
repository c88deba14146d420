package model

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/fakeopenai"
)

func TestOpenAIRetries(t *testing.T) {
	t.Parallel()
	ok := fakeopenai.Text("ok", fakeopenai.Usage{Prompt: 3, Completion: 1, Total: 4})
	rateLimited := fakeopenai.Error(http.StatusTooManyRequests, "slow down", map[string]string{"Retry-After-Ms": "1"})
	cases := map[string]struct {
		replies     []fakeopenai.Reply
		config      map[string]any
		wantErr     string
		wantRetries int
		wantCalls   int
	}{
		"5xx then success": {replies: []fakeopenai.Reply{fakeopenai.Error(500, "boom", nil),
			fakeopenai.Error(503, "busy", nil), ok}, wantRetries: 2, wantCalls: 3},
		"rate limit honours retry-after": {replies: []fakeopenai.Reply{rateLimited, rateLimited, ok},
			wantRetries: 2, wantCalls: 3},
		"dropped connection": {replies: []fakeopenai.Reply{{Drop: true}, ok}, wantRetries: 1, wantCalls: 2},
		"attempt timeout is retried": {replies: []fakeopenai.Reply{{Hang: true}, ok},
			config: map[string]any{"attempt_timeout": 1.0}, wantRetries: 1, wantCalls: 2},
		"retries run out": {replies: []fakeopenai.Reply{fakeopenai.Error(502, "bad gateway", nil),
			fakeopenai.Error(502, "bad gateway", nil), fakeopenai.Error(502, "bad gateway", nil)},
			config:  map[string]any{"max_retries": 2.0},
			wantErr: "http 502: bad gateway (after 2 retries)", wantRetries: 2, wantCalls: 3},
		"no retries": {replies: []fakeopenai.Reply{fakeopenai.Error(500, "boom", nil)},
			config: map[string]any{"max_retries": 0.0}, wantErr: "http 500: boom", wantCalls: 1},
		"client error is not retried": {replies: []fakeopenai.Reply{fakeopenai.Error(400, "bad request: context too long", nil)},
			wantErr: "http 400: bad request: context too long", wantCalls: 1},
		"malformed body is not retried": {replies: []fakeopenai.Reply{{Status: 200, Body: `{"choices": [`}},
			wantErr: "malformed response: error parsing response json: unexpected EOF", wantCalls: 1},
		"html body is malformed": {replies: []fakeopenai.Reply{{Status: 200, Body: `<html>oops</html>`}},
			wantErr:   "malformed response: error parsing response json: invalid character '<' looking for beginning of value",
			wantCalls: 1},
		"no choices is malformed": {replies: []fakeopenai.Reply{{Status: 200, Body: `{"id":"x","choices":[]}`}},
			wantErr: "malformed response: no choices", wantCalls: 1},
		"hung server times out": {replies: []fakeopenai.Reply{{Hang: true}, {Hang: true}},
			config:  map[string]any{"attempt_timeout": 1.0, "max_retries": 1.0},
			wantErr: "attempt timed out after 1s (after 1 retries)", wantRetries: 1, wantCalls: 2},
		"overall timeout": {replies: []fakeopenai.Reply{{Hang: true}},
			config:  map[string]any{"timeout": 1.0},
			wantErr: "timeout of 1s reached (after 0 retries)", wantCalls: 1},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := fakeopenai.New(t, tc.replies...)
			p := newTestOpenAI(t, srv, tc.config)
			res, err := p.Generate(context.Background(), Request{Messages: conversation[:2]})
			switch {
			case tc.wantErr != "":
				require.EqualError(t, err, tc.wantErr)
			default:
				require.NoError(t, err)
				assert.Equal(t, "ok", res.Output.Completion)
			}
			assert.Equal(t, tc.wantRetries, res.Retries)
			assert.Equal(t, tc.wantCalls, srv.Count())
		})
	}
}

func TestOpenAICancelledCallIsNotRetried(t *testing.T) {
	t.Parallel()
	srv := fakeopenai.New(t, fakeopenai.Reply{Hang: true}, fakeopenai.Reply{Hang: true})
	p := newTestOpenAI(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for srv.Count() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	res, err := p.Generate(ctx, Request{Messages: conversation[:2]})
	require.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, res.Retries)
	assert.Equal(t, 1, srv.Count())
}

func TestOpenAIMaxConnections(t *testing.T) {
	t.Parallel()
	const calls = 8
	srv := fakeopenai.NewScripted(t, func(int, fakeopenai.Request) fakeopenai.Reply {
		return fakeopenai.Reply{Content: "ok", Delay: 20 * time.Millisecond}
	})
	p, err := New(Spec{Provider: "openai", Name: "m", BaseURL: srv.BaseURL(), MaxConnections: 2})
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range calls {
		wg.Go(func() {
			_, err := p.Generate(context.Background(), Request{Messages: conversation[:2]})
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	assert.Equal(t, calls, srv.Count())
	assert.LessOrEqual(t, srv.MaxInFlight(), 2)
}

// TestOpenAIKeepsAConnectionPerSlot: rounds of max_connections calls at
// once reuse the connections of the first round (the default transport
// kept two idle and dialled the rest again for every round).
func TestOpenAIKeepsAConnectionPerSlot(t *testing.T) {
	t.Parallel()
	const slots, rounds = 8, 4
	srv := fakeopenai.NewScripted(t, func(int, fakeopenai.Request) fakeopenai.Reply {
		return fakeopenai.Reply{Content: "ok", Delay: 5 * time.Millisecond}
	})
	p, err := New(Spec{Provider: "openai", Name: "m", BaseURL: srv.BaseURL(), MaxConnections: slots})
	require.NoError(t, err)
	for range rounds {
		var wg sync.WaitGroup
		for range slots {
			wg.Go(func() {
				_, err := p.Generate(context.Background(), Request{Messages: conversation[:2]})
				assert.NoError(t, err)
			})
		}
		wg.Wait()
	}
	st := srv.Stats()
	assert.Equal(t, slots*rounds, st.Requests)
	assert.LessOrEqual(t, st.Conns, slots)
}

func TestBackoffDelay(t *testing.T) {
	t.Parallel()
	b := Backoff{Base: 100 * time.Millisecond, Max: time.Second}
	for n, want := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		want *= time.Millisecond
		if n == 5 {
			n = 40 // far past the cap, no overflow
		}
		for range 20 {
			d := b.delay(n, -1)
			assert.GreaterOrEqual(t, d, want/2, "retry %d", n)
			assert.LessOrEqual(t, d, want, "retry %d", n)
		}
	}
	assert.Equal(t, 300*time.Millisecond, b.delay(0, 300*time.Millisecond), "the server's hint wins")
	assert.Equal(t, time.Second, b.delay(0, time.Hour), "capped at Max")
	assert.Equal(t, time.Duration(0), b.delay(3, 0), "retry-after: 0 means now")
	d := Backoff{}.delay(0, -1)
	assert.True(t, d >= DefaultBackoff.Base/2 && d <= DefaultBackoff.Base, "zero Backoff is the default: %s", d)
}
