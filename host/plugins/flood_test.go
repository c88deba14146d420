package plugins

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestPingFloodIsBounded stages issue 27's fifth attack: a sandboxed
// plugin writes 20 000 yamux pings asking for an answer and reads nothing.
// The host's yamux answered each in a goroutine of its own waiting up to
// 10 s, so the flood grew the host by a goroutine per ping; the host's
// goroutines, counted when the plugin has written the last ping, must stay
// within the ping budget. Not parallel: it counts the process's goroutines.
func TestPingFloodIsBounded(t *testing.T) {
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	b := install(t, "swarmhost-scorer-pingflood")
	b.Trust = Untrusted
	flooded := make(chan struct{})
	w := &lineWatch{want: "flooded", seen: flooded}
	logger := hclog.New(&hclog.LoggerOptions{Level: hclog.Debug, Output: w})
	m := NewManager(logger, Options{KillTimeout: time.Second, StartTimeout: time.Minute})
	t.Cleanup(m.Close)

	runtime.GC()
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	go func() {
		defer close(started)
		_, _ = m.Start(ctx, b)
	}()
	t.Cleanup(func() { cancel(); m.Close(); <-started })
	select {
	case <-flooded:
	case <-started:
		t.Fatalf("the start ended before the plugin had flooded:\n%s", w.String())
	}
	grown := runtime.NumGoroutine() - before
	assert.Less(t, grown, 500, "goroutines the host grew by while a plugin pinged 20 000 times")
	assert.Positive(t, isolate.DroppedPings(), "the guard dropped the pings over the budget")
}

// lineWatch is a log output that closes seen when a line contains want.
type lineWatch struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
	once sync.Once
}

func (w *lineWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if strings.Contains(string(p), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return w.buf.Write(p)
}

func (w *lineWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
