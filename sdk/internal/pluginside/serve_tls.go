package pluginside

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"os"

	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// hostTLSProvider returns go-plugin's TLSProvider for the pair the host
// handed over, or nil when it handed none. It takes the pair out of the
// environment, so the plugin's own child processes never inherit the key.
func hostTLSProvider() func() (*tls.Config, error) {
	pair, client := os.Getenv(protocol.PluginTLSEnv), os.Getenv(protocol.ClientCertEnv)
	if pair == "" || client == "" {
		return nil
	}
	_ = os.Unsetenv(protocol.PluginTLSEnv)
	return func() (*tls.Config, error) { return serverTLS([]byte(pair), []byte(client)) }
}

// serverTLS is the configuration go-plugin's AutoMTLS builds, with the
// given pair: present it, and require the host's certificate of every
// connection (the plugin's and each brokered one).
func serverTLS(pairPEM, clientPEM []byte) (*tls.Config, error) {
	cert, err := tls.X509KeyPair(pairPEM, pairPEM)
	if err != nil {
		return nil, errors.New("plugin tls: the host's certificate and key for this plugin do not parse: " + err.Error())
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(clientPEM) {
		return nil, errors.New("plugin tls: the host's certificate (" + protocol.ClientCertEnv + ") does not parse")
	}
	return &tls.Config{
		Certificates: []tls.Certificate{cert},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		ClientCAs:    pool,
		RootCAs:      pool,
		MinVersion:   tls.VersionTLS12,
		ServerName:   "localhost",
	}, nil
}
