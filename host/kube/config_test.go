package kube

import (
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
