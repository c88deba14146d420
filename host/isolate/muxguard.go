package isolate

import (
	"encoding/binary"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// The yamux frame header (github.com/hashicorp/yamux, spec.md): version,
// type, flags, stream id, length, big-endian, 12 bytes; a data frame's
// length bytes follow it.
const (
	yamuxHeaderLen = 12
	yamuxTypeData  = 0
	yamuxTypePing  = 2
	yamuxFlagSYN   = 1
)

// Ping budget of one plugin connection: a burst of PingBurst pings asking
// for an answer, then one per second. yamux answers every ping in a
// goroutine of its own that waits up to 10 s for the connection to take
// the answer, so a plugin that floods pings and reads nothing grew the
// host by a goroutine per 12 bytes (11 MiB of pings took it to 3 GiB,
// issue 27). Go's yamux keepalive pings every 30 s; the Python SDK never
// pings. Pings over the budget never reach the host's yamux.
const (
	PingBurst  = 32
	pingRefill = time.Second
)

// droppedPings counts the pings every guard dropped, for tests and logs.
var droppedPings atomic.Int64

// DroppedPings is how many pings from plugins the host's mux guards have
// dropped since it started.
func DroppedPings() int64 { return droppedPings.Load() }

// muxGuard relays the host's connections to a sandboxed plugin's socket
// through a listener of the host's own, reading the plugin's side as yamux
// frames and dropping the pings over the budget. go-plugin dials the
// address itself (its gRPC broker's multiplexer, which every sandboxed
// plugin uses), so the guard sits between as a socket.
type muxGuard struct {
	ln     net.Listener
	dir    string
	target string
	wg     sync.WaitGroup
	mu     sync.Mutex
	conns  []net.Conn
	closed bool
}

// newMuxGuard listens on a socket in a new private directory of the run
// directory and relays each connection to target (a unix socket address).
func newMuxGuard(target string) (*muxGuard, error) {
	parent, err := RunDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(parent, "g")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen(NetworkUnix, filepath.Join(dir, "s"))
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	g := &muxGuard{ln: ln, dir: dir, target: target}
	g.wg.Add(1)
	go g.serve()
	return g, nil
}

// addr is the socket go-plugin dials instead of the plugin's.
func (g *muxGuard) addr() string { return g.ln.Addr().String() }

func (g *muxGuard) serve() {
	defer g.wg.Done()
	for {
		host, err := g.ln.Accept()
		if err != nil {
			return
		}
		plugin, err := net.Dial(NetworkUnix, g.target)
		if err != nil {
			_ = host.Close()
			continue
		}
		if !g.track(host, plugin) {
			return
		}
		go func() {
			_, _ = io.Copy(plugin, host)
			closeWrite(plugin)
		}()
		go func() {
			_ = relayFrames(host, plugin, newPingBudget())
			closeWrite(host)
		}()
	}
}

// track records a relayed pair so that close ends it; false once closed.
func (g *muxGuard) track(cs ...net.Conn) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		for _, c := range cs {
			_ = c.Close()
		}
		return false
	}
	g.conns = append(g.conns, cs...)
	return true
}

// close stops listening, ends every relayed connection and removes the
// guard's directory.
func (g *muxGuard) close() {
	g.mu.Lock()
	g.closed = true
	conns := g.conns
	g.conns = nil
	g.mu.Unlock()
	_ = g.ln.Close()
	for _, c := range conns {
		_ = c.Close()
	}
	g.wg.Wait()
	_ = os.RemoveAll(g.dir)
}

func closeWrite(c net.Conn) {
	if u, ok := c.(*net.UnixConn); ok {
		_ = u.CloseWrite()
		return
	}
	_ = c.Close()
}

// pingBudget is a token bucket of pings.
type pingBudget struct {
	tokens float64
	last   time.Time
	now    func() time.Time
}

func newPingBudget() *pingBudget {
	return &pingBudget{tokens: PingBurst, last: time.Now(), now: time.Now}
}

// take reports whether one more ping may pass.
func (b *pingBudget) take() bool {
	now := b.now()
	b.tokens += float64(now.Sub(b.last)) / float64(pingRefill)
	b.last = now
	if b.tokens > PingBurst {
		b.tokens = PingBurst
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// relayFrames copies yamux frames from src to dst, leaving out each ping
// asking for an answer that budget refuses. Frames are passed on whole or
// not at all; anything else (a bad version, an unknown type) is passed on
// for the host's yamux to refuse.
func relayFrames(dst io.Writer, src io.Reader, budget *pingBudget) error {
	var hdr [yamuxHeaderLen]byte
	for {
		if _, err := io.ReadFull(src, hdr[:]); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		typ, flags := hdr[1], binary.BigEndian.Uint16(hdr[2:4])
		if typ == yamuxTypePing && flags&yamuxFlagSYN != 0 && !budget.take() {
			droppedPings.Add(1)
			continue
		}
		if _, err := dst.Write(hdr[:]); err != nil {
			return err
		}
		if typ == yamuxTypeData {
			n := int64(binary.BigEndian.Uint32(hdr[8:12]))
			if _, err := io.CopyN(dst, src, n); err != nil {
				return err
			}
		}
	}
}
