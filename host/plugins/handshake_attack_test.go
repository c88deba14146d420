package plugins

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestHandshakeAddressesAreRefused runs a hostile plugin whose handshake
// names an address outside its socket directory, trusted and untrusted,
// and checks from outside (listeners the test owns) that the host never
// connected, and that the start failed with a diagnostic naming the
// address.
func TestHandshakeAddressesAreRefused(t *testing.T) {
	t.Parallel()
	tcp, tcpHits := countingListener(t, "tcp", "127.0.0.1:0")
	outside := filepath.Join(t.TempDir(), "victim.sock")
	_, unixHits := countingListener(t, "unix", outside)
	cases := map[string]string{
		"tcp on loopback":         "tcp|" + tcp,
		"a host name":             "tcp|localhost:" + port(tcp),
		"a unix socket elsewhere": "unix|" + outside,
		"a symlink it planted":    "link|" + outside,
		"dot-dot out":             "unix|/tmp/../" + outside[1:],
	}
	for _, trust := range []string{Trusted, Untrusted} {
		for name, target := range cases {
			t.Run(trust+"/"+name, func(t *testing.T) {
				t.Parallel()
				if trust == Untrusted {
					isolatetest.RequireTier(t, isolate.TierNamespaces)
				}
				b := install(t, "swarmhost-scorer-dialer")
				b.Trust = trust
				b.ReadOnly = []string{filepath.Dir(b.Path)}               // for <exe>.target
				require.NoError(t, os.Chmod(filepath.Dir(b.Path), 0o755)) // the sandbox user passes through
				require.NoError(t, os.WriteFile(b.Path+".target", []byte(target), 0o644))
				m := newTestManager(t, Options{})
				_, err := m.Start(context.Background(), b)
				require.Error(t, err)
				assert.Contains(t, err.Error(), "refusing the plugin's handshake address")
			})
		}
	}
	t.Cleanup(func() {
		assert.Zero(t, tcpHits.Load(), "the host connected to the TCP listener")
		assert.Zero(t, unixHits.Load(), "the host connected to the outside unix socket")
	})
}

// TestHandshakeInTheSocketDirectoryIsDialled is the control: a socket the
// plugin made in its own directory is accepted and dialled (the plugin
// notes the connection and closes it, so the start then fails, for that
// reason).
func TestHandshakeInTheSocketDirectoryIsDialled(t *testing.T) {
	t.Parallel()
	b := install(t, "swarmhost-scorer-dialer")
	b.Trust = Trusted
	require.NoError(t, os.WriteFile(b.Path+".target", []byte("self"), 0o644))
	m := newTestManager(t, Options{})
	_, err := m.Start(context.Background(), b)
	if err != nil {
		assert.NotContains(t, err.Error(), "refusing the plugin's handshake address")
	}
	assert.FileExists(t, b.Path+".accepted", "the host dialled the plugin's own socket")
}

// countingListener listens and counts the connections it accepts.
func countingListener(t *testing.T, network, addr string) (string, *atomic.Int32) {
	l, err := net.Listen(network, addr)
	require.NoError(t, err)
	var hits atomic.Int32
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			hits.Add(1)
			c.Close()
		}
	}()
	t.Cleanup(func() { l.Close() })
	return l.Addr().String(), &hits
}

func port(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}
