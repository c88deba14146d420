package plugins

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
