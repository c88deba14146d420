package pluginside

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// testPair is a one-time self-signed certificate as the host makes them:
// the PEM of certificate and key together, and the parsed certificate.
func testPair(t *testing.T) ([]byte, *x509.Certificate, tls.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	template := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()), DNSNames: []string{"localhost"},
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		BasicConstraintsValid: true, IsCA: true,
		NotBefore: time.Now().Add(-time.Minute), NotAfter: time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, key.Public(), key)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	require.NoError(t, err)
	pair := append(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})...)
	return pair, leaf, tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// hostSide is the host's client configuration: its certificate, and the
// plugin certificate it pins as the only root.
func hostSide(own tls.Certificate, pinned *x509.Certificate) *tls.Config {
	pool := x509.NewCertPool()
	pool.AddCert(pinned)
	return &tls.Config{Certificates: []tls.Certificate{own}, RootCAs: pool, ClientCAs: pool,
		MinVersion: tls.VersionTLS12, ServerName: "localhost"}
}

// TestServerTLS: a plugin answering with the pair the host made accepts
// only the host's certificate, and the host accepts only that pair's.
func TestServerTLS(t *testing.T) {
	t.Parallel()
	pluginPair, pluginLeaf, _ := testPair(t)
	hostPair, _, hostCert := testPair(t)
	hostPEM := hostPair[:len(hostPair)-len(pemKeyTail(t, hostPair))]
	tests := map[string]struct {
		host   func() *tls.Config
		plugin func() ([]byte, []byte)
		ok     bool
	}{
		"host and plugin accept each other": {
			host: func() *tls.Config { return hostSide(hostCert, pluginLeaf) }, ok: true},
		"the plugin refuses another host": {host: func() *tls.Config {
			_, _, stranger := testPair(t)
			return hostSide(stranger, pluginLeaf)
		}},
		"the host refuses a plugin with another pair": {
			host: func() *tls.Config { return hostSide(hostCert, pluginLeaf) },
			plugin: func() ([]byte, []byte) {
				other, _, _ := testPair(t)
				return other, hostPEM
			}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pair, client := pluginPair, hostPEM
			if tt.plugin != nil {
				pair, client = tt.plugin()
			}
			server, err := serverTLS(pair, client)
			require.NoError(t, err)
			assert.Equal(t, tls.RequireAndVerifyClientCert, server.ClientAuth)
			clientErr, serverErr := tlsHandshake(t, tt.host(), server)
			if tt.ok {
				assert.NoError(t, clientErr)
				assert.NoError(t, serverErr)
				return
			}
			assert.True(t, clientErr != nil || serverErr != nil, "the handshake must fail")
		})
	}
}

// TestServerTLSRefusesBadInput: a pair or host certificate that does not
// parse is an error, never a configuration that accepts anyone.
func TestServerTLSRefusesBadInput(t *testing.T) {
	t.Parallel()
	pair, _, _ := testPair(t)
	hostPair, _, _ := testPair(t)
	tests := map[string]struct{ pair, client []byte }{
		"no key":              {pair: pair[:len(pair)-len(pemKeyTail(t, pair))], client: hostPair},
		"garbage pair":        {pair: []byte("not pem"), client: hostPair},
		"garbage host's cert": {pair: pair, client: []byte("not pem")},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg, err := serverTLS(tt.pair, tt.client)
			assert.Error(t, err)
			assert.Nil(t, cfg)
		})
	}
}

// TestHostTLSProvider: without the host's pair go-plugin's AutoMTLS stays;
// with it, the provider serves it and the key leaves the environment.
func TestHostTLSProvider(t *testing.T) { // not parallel: t.Setenv
	pair, _, _ := testPair(t)
	hostPair, _, _ := testPair(t)
	t.Setenv(protocol.PluginTLSEnv, "")
	t.Setenv(protocol.ClientCertEnv, string(hostPair))
	assert.Nil(t, hostTLSProvider(), "no pair: go-plugin's AutoMTLS")

	t.Setenv(protocol.PluginTLSEnv, string(pair))
	provide := hostTLSProvider()
	require.NotNil(t, provide)
	_, left := os.LookupEnv(protocol.PluginTLSEnv)
	assert.False(t, left, "the key must leave the environment")
	cfg, err := provide()
	require.NoError(t, err)
	assert.Len(t, cfg.Certificates, 1)
}

// pemKeyTail is the private-key block at the end of a pair.
func pemKeyTail(t *testing.T, pair []byte) []byte {
	t.Helper()
	rest := pair
	for {
		block, next := pem.Decode(rest)
		require.NotNil(t, block)
		if block.Type == "PRIVATE KEY" {
			return rest
		}
		rest = next
	}
}

// tlsHandshake runs one TLS handshake between client and server over a
// loopback connection (buffered: a failing side's alert never blocks).
func tlsHandshake(t *testing.T, client, server *tls.Config) (clientErr, serverErr error) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	done := make(chan error, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			done <- err
			return
		}
		defer c.Close()
		done <- tls.Server(c, server).Handshake()
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	require.NoError(t, err)
	clientErr = tls.Client(c, client).Handshake()
	c.Close()
	return clientErr, <-done
}
