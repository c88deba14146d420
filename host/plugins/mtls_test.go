package plugins

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"net"
	"os/exec"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/go-plugin/runner"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// pluginSide is the TLS configuration a go-plugin server builds from the
// host's PLUGIN_CLIENT_CERT: its own certificate, the host's as the only
// root and client CA.
func pluginSide(t *testing.T, hostPEM []byte) (*tls.Config, *x509.Certificate) {
	t.Helper()
	own, _, err := hostCertificate() // any one-time certificate serves as the plugin's
	require.NoError(t, err)
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM(hostPEM))
	leaf, err := x509.ParseCertificate(own.Certificates[0].Certificate[0])
	require.NoError(t, err)
	return &tls.Config{Certificates: own.Certificates, ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: pool,
		RootCAs: pool, MinVersion: tls.VersionTLS12, ServerName: "localhost"}, leaf
}

// handshake runs one TLS handshake between client and server over a pipe.
func handshake(client, server *tls.Config) (clientErr, serverErr error) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	done := make(chan error, 1)
	go func() { done <- tls.Server(b, server).Handshake(); b.Close() }()
	clientErr = tls.Client(a, client).Handshake()
	a.Close()
	return clientErr, <-done
}

func TestHostCertificate(t *testing.T) {
	t.Parallel()
	hostCfg, hostPEM, err := hostCertificate()
	require.NoError(t, err)
	block, _ := pem.Decode(hostPEM)
	require.NotNil(t, block)
	cert, err := x509.ParseCertificate(block.Bytes)
	require.NoError(t, err)
	pub, ok := cert.PublicKey.(*ecdsa.PublicKey)
	require.True(t, ok)
	assert.Equal(t, elliptic.P256(), pub.Curve)
	assert.Equal(t, []string{"localhost"}, cert.DNSNames)
	assert.ElementsMatch(t, []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth}, cert.ExtKeyUsage)
	assert.Equal(t, tls.RequireAndVerifyClientCert, hostCfg.ClientAuth)

	tests := map[string]struct {
		swap   func(host, plugin *tls.Config, pluginCert *x509.Certificate) (*tls.Config, *tls.Config)
		wantOK bool
	}{
		"host and plugin accept each other": {wantOK: true},
		"the plugin refuses another host's certificate": {swap: func(host, plugin *tls.Config, pc *x509.Certificate) (*tls.Config, *tls.Config) {
			other, _, err := hostCertificate()
			require.NoError(t, err)
			other.RootCAs = host.RootCAs
			return other, plugin
		}},
		"the host refuses a plugin it was not told of": {swap: func(host, plugin *tls.Config, pc *x509.Certificate) (*tls.Config, *tls.Config) {
			stranger, _ := pluginSide(t, hostPEM) // a plugin certificate not in the host's roots
			return host, stranger
		}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			host := hostCfg.Clone()
			plugin, pluginCert := pluginSide(t, hostPEM)
			host.RootCAs = x509.NewCertPool() // as go-plugin's loadServerCert does from the handshake line
			host.RootCAs.AddCert(pluginCert)
			if tt.swap != nil {
				host, plugin = tt.swap(host, plugin, pluginCert)
			}
			clientErr, serverErr := handshake(host, plugin)
			if tt.wantOK {
				assert.NoError(t, clientErr)
				assert.NoError(t, serverErr)
				return
			}
			assert.True(t, clientErr != nil || serverErr != nil, "the handshake must fail")
		})
	}
}

// TestWithHostMTLSHandsThePluginItsPair: the plugin is started with the
// host's certificate and a P-256 pair of its own; the host pins that pair's
// certificate as the only plugin it accepts, and a plugin answering with it
// (as the SDK's Serve does) completes the handshake.
func TestWithHostMTLSHandsThePluginItsPair(t *testing.T) {
	t.Parallel()
	cfg := &plugin.ClientConfig{}
	var env []string
	cfg.RunnerFunc = func(_ hclog.Logger, cmd *exec.Cmd, _ string) (runner.Runner, error) {
		env = cmd.Env
		return nil, nil
	}
	withHostMTLS(cfg)
	require.False(t, cfg.AutoMTLS)
	_, _ = cfg.RunnerFunc(hclog.NewNullLogger(), &exec.Cmd{}, "")
	vars := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	require.Contains(t, vars, clientCertEnv)
	require.Contains(t, vars, hostrpc.PluginTLSEnv)

	pair := []byte(vars[hostrpc.PluginTLSEnv])
	own, err := tls.X509KeyPair(pair, pair)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(own.Certificate[0])
	require.NoError(t, err)
	pub, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	require.True(t, ok)
	assert.Equal(t, elliptic.P256(), pub.Curve)
	_, err = leaf.Verify(x509.VerifyOptions{Roots: cfg.TLSConfig.RootCAs, DNSName: "localhost"})
	require.NoError(t, err, "the host must pin the plugin's certificate")
	_, strangerLeaf := pluginSide(t, []byte(vars[clientCertEnv]))
	_, err = strangerLeaf.Verify(x509.VerifyOptions{Roots: cfg.TLSConfig.RootCAs, DNSName: "localhost"})
	require.Error(t, err, "the host must accept no other plugin certificate")

	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM([]byte(vars[clientCertEnv])))
	pluginCfg := &tls.Config{Certificates: []tls.Certificate{own}, ClientAuth: tls.RequireAndVerifyClientCert,
		ClientCAs: pool, RootCAs: pool, MinVersion: tls.VersionTLS12, ServerName: "localhost"}
	clientErr, serverErr := handshake(cfg.TLSConfig, pluginCfg)
	assert.NoError(t, clientErr)
	assert.NoError(t, serverErr)
}
