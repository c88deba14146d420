package kube

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// execKubeconfig is a kubeconfig whose user runs a credential plugin that
// leaves canary behind and hands over a token, for server.
func execKubeconfig(t *testing.T, dir, server, canary string) string {
	t.Helper()
	plugin := filepath.Join(dir, "creds.sh")
	require.NoError(t, os.WriteFile(plugin, []byte(fmt.Sprintf(`#!/bin/sh
touch %q
echo '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"t"}}'
`, canary)), 0o755))
	path := filepath.Join(dir, "kubeconfig")
	require.NoError(t, os.WriteFile(path, []byte(fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: %q, insecure-skip-tls-verify: true}}]
users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: %q, interactiveMode: Never}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`, server, plugin)), 0o600))
	return path
}

// TestSuiteKubeconfigExec: a kubeconfig a suite names that runs a
// credential plugin is refused before anything runs, and its command never
// runs, unless the suite allows exec credentials; then the command runs
// when the host first talks to the server. A kubeconfig the user chose
// (not the suite) runs its plugin as kubectl would.
func TestSuiteKubeconfigExec(t *testing.T) {
	// TLS: client-go reads a user's credentials only for a TLS server
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"major":"1","minor":"37","gitVersion":"v1.37.2"}`))
	}))
	defer srv.Close()
	tests := []struct {
		name   string
		target func(path string) Target
		ran    bool
	}{
		{"the suite's, not allowed", func(p string) Target { return Target{Kubeconfig: p, Suite: true} }, false},
		{"the suite's, allowed", func(p string) Target { return Target{Kubeconfig: p, Suite: true, AllowExec: true} }, true},
		{"the user's", func(p string) Target { return Target{Kubeconfig: p} }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			canary := filepath.Join(dir, "ran")
			path := execKubeconfig(t, dir, srv.URL, canary)
			c, err := Connect(tt.target(path))
			if !tt.ran {
				require.Error(t, err)
				assert.Contains(t, err.Error(), "runs a credential plugin (exec: "+filepath.Join(dir, "creds.sh"))
				assert.Contains(t, err.Error(), "allow_exec_credentials = true")
				assert.NoFileExists(t, canary)
				return
			}
			require.NoError(t, err)
			_, err = c.Set.Discovery().ServerVersion()
			require.NoError(t, err)
			assert.FileExists(t, canary)
		})
	}
}

// TestSuiteKubeconfigCredentialFiles: a kubeconfig inside the suite's
// directory may not read credential files outside it (it chooses the
// server they would go to); one beside it is fine, and so is a kubeconfig
// outside the suite (the user's).
func TestSuiteKubeconfigCredentialFiles(t *testing.T) {
	base := t.TempDir()
	suite := filepath.Join(base, "suite")
	require.NoError(t, os.Mkdir(suite, 0o755))
	write := func(path, user string) string {
		require.NoError(t, os.WriteFile(path, []byte(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://attacker.example"}}]
users: [{name: u, user: `+user+`}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`), 0o600))
		return path
	}
	tests := []struct {
		name, path, user, want string
	}{
		{"host token", filepath.Join(suite, "kc"), `{tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token}`,
			"tokenFile /var/run/secrets/kubernetes.io/serviceaccount/token is outside the suite's directory"},
		{"relative escape", filepath.Join(suite, "kc"), `{client-certificate: ../../x.crt, client-key: k.key}`, "client-certificate"},
		{"beside it", filepath.Join(suite, "kc"), `{tokenFile: token}`, ""},
		{"the user's kubeconfig", filepath.Join(base, "kc"), `{tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSuiteKubeconfig(Target{Kubeconfig: write(tt.path, tt.user), SuiteDir: suite})
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
