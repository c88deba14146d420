// Package fakeopenai is an OpenAI-compatible chat-completions server for
// tests: a real HTTP server on loopback (net/http/httptest) that records
// every request it gets and answers with scripted replies — completions with
// text and tool calls, HTTP errors, malformed bodies, hung or dropped
// connections — streamed (SSE) when the request asks for it.
package fakeopenai

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Server is a running fake endpoint; its base URL (for a model's base_url)
// is URL + "/v1".
type Server struct {
	URL string

	opts     Options
	close    func()
	mu       sync.Mutex
	replies  []Reply
	script   func(n int, req Request) Reply
	requests []Request
	count    int
	conns    int
	gauge    gauge
	gaps     gaps
}

// Options configure a server started with Start.
type Options struct {
	// Latency holds every answer back this long after its request arrived
	// (on top of a reply's own Delay), as a real endpoint's model time.
	Latency time.Duration
	// Forget keeps no Request (Requests then returns none), so a
	// benchmark of many calls does not hold every conversation sent.
	Forget bool
	// Raw decodes no request body into Request.Body: Request.Raw holds
	// the bytes, for a script that reads only what it needs (a benchmark's
	// endpoint, whose own CPU counts against the pipe it measures; a body
	// decoded into maps cost more than the rest of its answer).
	Raw bool
}

// Request is one request the server received.
type Request struct {
	Header http.Header
	// Body is the decoded JSON body (nil when it was not JSON, and with
	// Options.Raw).
	Body map[string]any
	// Raw is the body as it came, with Options.Raw (else nil).
	Raw []byte
}

// New starts a server answering the i-th request with replies[i]; once they
// run out it answers 400 "no scripted reply left". The server is closed
// when the test ends.
func New(t testing.TB, replies ...Reply) *Server {
	s := Start(Options{}, nil)
	s.replies = replies
	t.Cleanup(s.Close)
	return s
}

// NewScripted starts a server that asks script for the reply to request n
// (0-based).
func NewScripted(t testing.TB, script func(n int, req Request) Reply) *Server {
	s := New(t)
	s.script = script
	return s
}

// Start starts a server outside a test (a benchmark's endpoint) that asks
// script for the reply to request n; Close stops it.
func Start(opts Options, script func(n int, req Request) Reply) *Server {
	s := &Server{opts: opts, script: script}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(s.handle))
	srv.Config.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, connKey{}, &conn{})
	}
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.mu.Lock()
			s.conns++
			s.mu.Unlock()
		}
	}
	srv.Start()
	s.URL, s.close = srv.URL, srv.Close
	return s
}

// Close stops the server.
func (s *Server) Close() { s.close() }

// BaseURL is the URL to configure as the model's base_url.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests returns the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Count is the number of requests received so far.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// MaxInFlight is the most requests that were being answered at once.
func (s *Server) MaxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gauge.max
}

// Stats reports the requests answered so far and how many were in flight.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.gauge.stats(s.count, time.Now())
	st.Conns = s.conns
	st.Handoff = s.gaps.handoff()
	return st
}

// Reset forgets the requests and the in-flight figures (not the replies
// or the script's count), to measure the next run from zero.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests, s.count, s.conns, s.gauge, s.gaps = nil, 0, 0, gauge{inFlight: s.gauge.inFlight}, gaps{}
}

// handle answers chat completions; GET /stats answers the Stats as JSON
// and POST /reset resets them (for a server in another process).
func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/stats" && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(s.Stats())
		return
	case r.URL.Path == "/reset" && r.Method == http.MethodPost:
		s.Reset()
		return
	}
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	c, _ := r.Context().Value(connKey{}).(*conn)
	arrived := s.arrive(c)
	defer s.done(c)
	b, _ := io.ReadAll(r.Body)
	// a forgetting server's script gets the request's own header: it
	// answers before the handler returns, and nothing keeps the header
	req := Request{Header: r.Header}
	if !s.opts.Forget {
		req.Header = r.Header.Clone()
	}
	var stream bool
	if s.opts.Raw {
		req.Raw, stream = b, streamAsked(b)
	} else {
		_ = json.Unmarshal(b, &req.Body)
		stream = req.Body["stream"] == true
	}
	reply := s.next(req)
	reply.Delay += max(s.opts.Latency-time.Since(arrived), 0)
	reply.write(w, r, stream)
}

// streamAsked reports whether a body asks for a streamed answer
// ("stream": true), decoding nothing else, and nothing at all when the
// body has no "stream" key.
func streamAsked(body []byte) bool {
	if !bytes.Contains(body, []byte(`"stream"`)) {
		return false
	}
	var v struct {
		Stream bool `json:"stream"`
	}
	_ = json.Unmarshal(body, &v)
	return v.Stream
}

// next records req and picks its reply.
func (s *Server) next(req Request) Reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.count
	s.count++
	if !s.opts.Forget {
		s.requests = append(s.requests, req)
	}
	switch {
	case s.script != nil:
		return s.script(n, req)
	case n < len(s.replies):
		return s.replies[n]
	}
	return Reply{Status: http.StatusBadRequest, Body: `{"error":{"message":"fake server: no scripted reply left"}}`}
}

// arrive counts a request in flight from its arrival (before its body is
// read), and the gap since its connection's last answer, and returns the
// time; done ends it.
func (s *Server) arrive(c *conn) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	s.gauge.change(+1, now)
	if c != nil && !c.answered.IsZero() {
		s.gaps.add(now.Sub(c.answered))
	}
	return now
}

func (s *Server) done(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	s.gauge.change(-1, now)
	if c != nil {
		c.answered = now
	}
}
