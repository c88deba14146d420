package kube

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConnectNamesTheKubeconfig: a kubeconfig that cannot be used is named in the error, whether
// the target or KUBECONFIG gives it.
func TestConnectNamesTheKubeconfig(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	for name, tc := range map[string]struct{ target, env, want string }{
		"target":     {target: missing, want: "kubeconfig " + missing},
		"KUBECONFIG": {env: missing, want: "KUBECONFIG=" + missing},
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("KUBECONFIG", tc.env)
			_, err := Connect(Target{Kubeconfig: tc.target})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// twoClusters is a kubeconfig with two contexts: lab (namespace evals) and prod (no namespace).
const twoClusters = `apiVersion: v1
kind: Config
clusters:
- {name: lab, cluster: {server: "https://lab.example:6443"}}
- {name: prod, cluster: {server: "https://prod.example:6443"}}
users: [{name: u, user: {token: t}}]
contexts:
- {name: lab, context: {cluster: lab, user: u, namespace: evals}}
- {name: prod, context: {cluster: prod, user: u}}
current-context: lab
`

// TestConnectTarget: the context and namespace come from the target, else from the kubeconfig's
// current context, else "default"; the kubeconfig from the target, else KUBECONFIG. No cluster
// is contacted.
func TestConnectTarget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config")
	require.NoError(t, os.WriteFile(path, []byte(twoClusters), 0o600))
	for name, tc := range map[string]struct {
		target       Target
		env          string
		host, wantNS string
	}{
		"current context":              {target: Target{Kubeconfig: path}, host: "https://lab.example:6443", wantNS: "evals"},
		"another context":              {target: Target{Kubeconfig: path, Context: "prod"}, host: "https://prod.example:6443", wantNS: "default"},
		"namespace over the context's": {target: Target{Kubeconfig: path, Namespace: "mine"}, host: "https://lab.example:6443", wantNS: "mine"},
		"KUBECONFIG":                   {env: path, target: Target{Context: "prod"}, host: "https://prod.example:6443", wantNS: "default"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("KUBECONFIG", tc.env)
			c, err := Connect(tc.target)
			require.NoError(t, err)
			assert.Equal(t, tc.host, c.Host)
			assert.Equal(t, tc.wantNS, c.Namespace)
		})
	}
}
