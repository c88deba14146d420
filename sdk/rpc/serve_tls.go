package rpc

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"os"
)

// PluginTLSEnv is where the host hands a Go plugin the one-time certificate
// and private key (PEM, P-256) it is to answer with, in place of the P-521
// pair go-plugin's AutoMTLS would make in the plugin. The host pins that
// certificate as the only one it accepts, as it pins the one an AutoMTLS
// plugin sends in its handshake line; the plugin still accepts only the
// host's certificate (PLUGIN_CLIENT_CERT). A plugin started without it
// (an older host) does go-plugin's AutoMTLS as before; a plugin that does
// not read it (an older SDK, a Python plugin) sends its own certificate,
// which the host then pins instead.
const PluginTLSEnv = "SWARMHOST_PLUGIN_TLS"

// clientCertEnv is go-plugin's AutoMTLS variable holding the host's
// certificate (PEM).
const clientCertEnv = "PLUGIN_CLIENT_CERT"

// hostTLSProvider returns go-plugin's TLSProvider for the pair the host
// handed over, or nil when it handed none. It takes the pair out of the
// environment, so the plugin's own child processes never inherit the key.
func hostTLSProvider() func() (*tls.Config, error) {
	pair, client := os.Getenv(PluginTLSEnv), os.Getenv(clientCertEnv)
	if pair == "" || client == "" {
		return nil
	}
	_ = os.Unsetenv(PluginTLSEnv)
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
		return nil, errors.New("plugin tls: the host's certificate (" + clientCertEnv + ") does not parse")
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
