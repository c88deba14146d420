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
)

// clientCertEnv is where go-plugin's AutoMTLS hands the host's certificate
// to the plugin, which then requires it of every connection and answers
// with its own certificate in the handshake line.
const clientCertEnv = "PLUGIN_CLIENT_CERT"

// withHostMTLS does the host's half of go-plugin's AutoMTLS itself, with a
// P-256 key where go-plugin's makes a P-521 one: the same protocol (a
// one-time self-signed certificate per plugin process, passed in
// PLUGIN_CLIENT_CERT; the plugin's certificate, from its handshake line,
// is the only one the host accepts, and the plugin accepts only the
// host's), the same mutual verification on the plugin's connection and on
// every brokered one. P-521 costs ~0.7 ms per signature and ~1.6 ms per
// verification here, P-256 a tenth of that, and each connection's
// handshake signs once and verifies twice on each side (BENCHMARKS.md,
// react+bash). Python plugins already answer with a P-256 certificate. Should
// the key not be made, go-plugin's own AutoMTLS is used.
func withHostMTLS(cfg *plugin.ClientConfig) {
	tlsCfg, certPEM, err := hostCertificate()
	if err != nil {
		cfg.AutoMTLS = true
		return
	}
	cfg.AutoMTLS = false
	cfg.TLSConfig = tlsCfg // go-plugin adds the plugin's certificate as the only root
	start := cfg.RunnerFunc
	cfg.RunnerFunc = func(log hclog.Logger, cmd *exec.Cmd, socketDir string) (runner.Runner, error) {
		cmd.Env = append(cmd.Env, clientCertEnv+"="+string(certPEM))
		return start(log, cmd, socketDir)
	}
}

// hostCertificate makes the host's one-time certificate for one plugin
// process, as go-plugin's AutoMTLS does but on P-256, and the TLS
// configuration that presents it and requires the plugin's.
func hostCertificate() (*tls.Config, []byte, error) {
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
	cfg := &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		MinVersion:   tls.VersionTLS12,
		ServerName:   "localhost",
	}
	return cfg, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), nil
}
