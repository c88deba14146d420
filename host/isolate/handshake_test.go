package isolate_test

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
)

func TestCheckHandshakeAddress(t *testing.T) {
	const dir = "/run/sock-1"
	tests := map[string]struct {
		network, address string
		want             string // the relative path, "" when refused
		reason           string
	}{
		"a socket in the directory":       {network: "unix", address: dir + "/plugin123/s", want: "plugin123/s"},
		"directly in the directory":       {network: "unix", address: dir + "/s", want: "s"},
		"tcp on loopback":                 {network: "tcp", address: "127.0.0.1:4000", reason: `never "tcp"`},
		"a host name":                     {network: "tcp", address: "example.com:80", reason: `never "tcp"`},
		"udp":                             {network: "udp", address: "127.0.0.1:53", reason: `never "udp"`},
		"another unix path":               {network: "unix", address: "/var/run/docker.sock", reason: "outside"},
		"a sibling sharing the prefix":    {network: "unix", address: dir + "x/s", reason: "outside"},
		"the directory itself":            {network: "unix", address: dir, reason: "outside"},
		"dot-dot out of the directory":    {network: "unix", address: dir + "/../other/s", reason: "not clean"},
		"a relative path":                 {network: "unix", address: "s", reason: "not absolute"},
		"an abstract socket":              {network: "unix", address: "@abstract", reason: "not absolute"},
		"a NUL byte":                      {network: "unix", address: dir + "/s\x00x", reason: "NUL"},
		"a trailing slash":                {network: "unix", address: dir + "/s/", reason: "not clean"},
		"a path longer than sun_path":     {network: "unix", address: dir + "/" + strings.Repeat("a", 120), reason: "long"},
		"an empty network and address":    {reason: "never"},
		"uppercase network":               {network: "UNIX", address: dir + "/s", reason: "never"},
		"double slash inside":             {network: "unix", address: dir + "//s", reason: "not clean"},
		"dot component":                   {network: "unix", address: dir + "/./s", reason: "not clean"},
		"tcp naming the socket directory": {network: "tcp", address: dir + "/s", reason: "never"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := isolate.CheckHandshakeAddress(tt.network, tt.address, dir)
			if tt.want != "" {
				require.NoError(t, err)
				assert.Equal(t, tt.want, got)
				return
			}
			var ae *isolate.AddressError
			require.True(t, errors.As(err, &ae), "refused with an AddressError: %v", err)
			assert.Contains(t, err.Error(), tt.reason)
			assert.Contains(t, err.Error(), dir, "the diagnostic names what is accepted")
		})
	}
}

func FuzzCheckHandshakeAddress(f *testing.F) {
	for _, seed := range [][2]string{{"unix", "/d/s"}, {"tcp", "127.0.0.1:1"}, {"unix", "/d/../s"}, {"unix", "/d"},
		{"unix", "/d//s"}, {"unix", "/dx/s"}, {"unix", "/d/a/b/c"}} {
		f.Add(seed[0], seed[1], "/d")
	}
	f.Fuzz(func(t *testing.T, network, address, dir string) {
		rel, err := isolate.CheckHandshakeAddress(network, address, dir)
		if err != nil {
			return
		}
		// Whatever is accepted is a clean unix path strictly inside dir.
		if network != "unix" || filepath.Clean(address) != address || filepath.Join(dir, rel) != address ||
			rel == "" || strings.HasPrefix(rel, "/") || rel == ".." || strings.HasPrefix(rel, "../") || strings.ContainsRune(address, 0) {
			t.Fatalf("accepted %q %q in %q as %q", network, address, dir, rel)
		}
	})
}

// TestOpenPluginSocketRefusesLinks plants links in a socket directory and
// checks that only the real socket is opened, and that the host dials the
// socket it opened.
func TestOpenPluginSocketRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	outsideSock := listenUnix(t, filepath.Join(outside, "victim"))
	insideSock := listenUnix(t, filepath.Join(dir, "real"))
	require.NoError(t, os.Symlink(filepath.Join(outside, "victim"), filepath.Join(dir, "link")))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "dirlink")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), nil, 0o600))
	socks := &isolate.PluginSockets{Dir: dir}
	t.Cleanup(socks.Close)
	for name, rel := range map[string]string{"a symlink to a socket": "link", "through a symlinked directory": "dirlink/victim",
		"a regular file": "file", "a missing file": "none"} {
		t.Run(name, func(t *testing.T) {
			_, _, err := socks.PluginToHost("unix", filepath.Join(dir, rel))
			var ae *isolate.AddressError
			require.True(t, errors.As(err, &ae), "%v", err)
		})
	}
	network, addr, err := socks.PluginToHost("unix", filepath.Join(dir, "real"))
	require.NoError(t, err)
	// The plugin renames a link over the real socket after the handshake:
	// the host still reaches the socket it checked.
	require.NoError(t, os.Rename(filepath.Join(dir, "link"), filepath.Join(dir, "real")))
	c, err := net.Dial(network, addr)
	require.NoError(t, err)
	c.Close()
	assert.EqualValues(t, 1, <-insideSock)
	select {
	case <-outsideSock:
		t.Fatal("the host reached a socket outside the plugin's directory")
	default:
	}
}

// listenUnix listens on path and reports each accepted connection.
func listenUnix(t *testing.T, path string) <-chan int {
	l, err := net.Listen("unix", path)
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	ch := make(chan int, 8)
	go func() {
		for n := 1; ; n++ {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
			ch <- n
		}
	}()
	return ch
}
