package plugins

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"os/exec"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/go-plugin/runner"

	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// clientCertEnv is where go-plugin's AutoMTLS hands the host's certificate
// to the plugin, which then requires it of every connection and answers
// with its own certificate in the handshake line.
const clientCertEnv = "PLUGIN_CLIENT_CERT"

// withHostMTLS does go-plugin's AutoMTLS itself, with P-256 keys where
// go-plugin makes P-521 ones: the same protocol (a one-time self-signed
// certificate per plugin process for each side; the host's passed in
// PLUGIN_CLIENT_CERT), the same mutual pinning on the plugin's connection
// and on every brokered one: the host accepts only that plugin's
// certificate, the plugin only the host's. The host also makes the
// plugin's pair and hands it over in [hostrpc.PluginTLSEnv], which this SDK's
// plugins answer with instead of making a P-521 pair of their own; a
// plugin that does not (an older SDK, a Python plugin) sends its own
// certificate in its handshake line, and go-plugin pins that one instead.
// P-521 costs ~0.7 ms per signature and ~1.6 ms per verification here, its
// key ~2 ms with its tables, P-256 a tenth of that, and each connection's
// handshake signs once and verifies twice on each side (BENCHMARKS.md,
// react+bash). Should a key not be made, go-plugin's own AutoMTLS is used.
func withHostMTLS(cfg *plugin.ClientConfig) {
	tlsCfg, certPEM, err := hostCertificate()
	if err != nil {
		cfg.AutoMTLS = true
		return
	}
	env := []string{clientCertEnv + "=" + string(certPEM)}
	if pairPEM, leaf, err := pluginCertificate(); err == nil {
		pool := x509.NewCertPool()
		pool.AddCert(leaf)
		tlsCfg.RootCAs, tlsCfg.ClientCAs = pool, pool
		env = append(env, hostrpc.PluginTLSEnv+"="+string(pairPEM))
	}
	cfg.AutoMTLS = false
	cfg.TLSConfig = tlsCfg // a certificate in the handshake line replaces the plugin's pinned one
	start := cfg.RunnerFunc
	cfg.RunnerFunc = func(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
		cmd.Env = append(cmd.Env, env...)
		return start(log, cmd, socketDir)
	}
}

// hostCertificate makes the host's one-time certificate for one plugin
// process, as go-plugin's AutoMTLS does but on P-256, and the TLS
// configuration that presents it and requires the plugin's.
func hostCertificate() (*tls.Config, []byte, error) {
	key, der, err := oneTimeCertificate()
	if err != nil {
		return nil, nil, err
	}
	cfg := &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		MinVersion:   tls.VersionTLS12,
		ServerName:   "localhost",
	}
	return cfg, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), nil
}

// pluginCertificate makes one plugin process's one-time certificate: the
// certificate and its private key in one PEM text, and the certificate.
func pluginCertificate() ([]byte, *x509.Certificate, error) {
	key, der, err := oneTimeCertificate()
	if err != nil {
		return nil, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, fmt.Errorf("plugin certificate: %w", err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("plugin certificate: %w", err)
	}
	pair := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	pair = append(pair, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})...)
	return pair, leaf, nil
}

// oneTimeCertificate makes a P-256 key and a self-signed certificate for
// it, as go-plugin's generateCert does (on P-521).
func oneTimeCertificate() (*ecdsa.PrivateKey, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("plugin certificate: %w", err)
	}
	sn, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		return nil, nil, fmt.Errorf("plugin certificate: %w", err)
	}
	now := time.Now()
	template := &x509.Certificate{
		Subject:     pkix.Name{CommonName: "localhost", Organization: []string{"swarmhost"}},
		DNSNames:    []string{"localhost"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment | x509.KeyUsageKeyAgreement |
			x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		SerialNumber:          sn,
		NotBefore:             now.Add(-30 * time.Second),
		NotAfter:              now.Add(262980 * time.Hour), // go-plugin's: the process's lifetime bounds its use
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, key.Public(), key)
	if err != nil {
		return nil, nil, fmt.Errorf("plugin certificate: %w", err)
	}
	return key, der, nil
}
