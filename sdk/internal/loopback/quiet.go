package loopback

import (
	"bytes"
	"sync"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
)

// defaultOutput guards hclog.DefaultOutput while [testConn] swaps it.
var defaultOutput sync.Mutex

// testConn is go-plugin's TestPluginGRPCConn with its log kept off the
// test's output: go-plugin logs there at debug level to hclog's default
// output (stderr), so every test that served a plugin printed lines such as
// "[DEBUG] stdio EOF, exiting copy loop" whether or not it failed. The log
// goes to a buffer instead, which the test's log shows when it fails.
func testConn(t testing.TB, ps map[string]plugin.Plugin) (*plugin.GRPCClient, *plugin.GRPCServer) {
	t.Helper()
	log := &testLog{}
	// Registered before the connection's own cleanup, so it runs after it
	// and sees the lines of the shutdown too.
	t.Cleanup(func() { log.report(t) })
	defaultOutput.Lock()
	saved := hclog.DefaultOutput
	hclog.DefaultOutput = log
	defer func() {
		hclog.DefaultOutput = saved
		defaultOutput.Unlock()
	}()
	return plugin.TestPluginGRPCConn(t, false, ps)
}

// testLog holds go-plugin's log lines of one test connection.
type testLog struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	done bool
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.buf.Write(p)
	}
	return len(p), nil
}

// report shows the log in a failed test's output; lines written after the
// test ended are dropped.
func (l *testLog) report(t testing.TB) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done = true
	if failed(t) && l.buf.Len() > 0 {
		t.Logf("go-plugin's log of the in-process plugin:\n%s", l.buf.String())
	}
}

// failed is t.Failed(), false for a stand-in that cannot tell (an
// Example's partial testing.TB, whose Failed panics).
func failed(t testing.TB) (f bool) {
	defer func() {
		if recover() != nil {
			f = false
		}
	}()
	return t.Failed()
}
