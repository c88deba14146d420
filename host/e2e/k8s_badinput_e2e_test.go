package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
)

// onCluster copies the shared-sandbox example with its sandbox block switched to kubernetes on the
// given kubeconfig (no cluster needed: the tests here are about clusters that cannot be used).
func onCluster(t *testing.T, kubeconfig string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "shared-sandbox")
	require.NoError(t, os.CopyFS(dir, os.DirFS(repoPath("examples", "shared-sandbox"))))
	suite := filepath.Join(dir, "suite.hcl")
	src, err := os.ReadFile(suite)
	require.NoError(t, err)
	block := "sandbox \"kubernetes\" {\n    image       = \"swarmhost.local/busybox:1\"\n    pull_policy = \"Never\"\n" +
		"    kubeconfig  = \"" + kubeconfig + "\"\n  }"
	switched := strings.Replace(string(src), `sandbox "local" {}`, block, 1)
	require.NotEqual(t, string(src), switched, "the example has a local sandbox block")
	require.NoError(t, os.WriteFile(suite, []byte(switched), 0o644))
	return dir
}

// TestKubernetesClusterUnusable: a kubeconfig that is missing, or that names an API server that does
// not answer, fails the eval before any sample with an error naming it — the host does not crash.
func TestKubernetesClusterUnusable(t *testing.T) {
	t.Parallel()
	unreachable := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, os.WriteFile(unreachable, []byte(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`), 0o600))
	missing := filepath.Join(t.TempDir(), "none")
	for name, tc := range map[string]struct {
		kubeconfig string
		want       []string
	}{
		"missing kubeconfig": {missing, []string{"no usable kubeconfig", missing}},
		// the hint is a command that works as written
		"unreachable server": {unreachable, []string{"https://127.0.0.1:1 does not answer", `eval "$(scripts/k8s.sh env)"`}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, sum, errOut := runJSON(t, onCluster(t, tc.kubeconfig))
			assert.NotEqual(t, cli.ExitOK, code)
			assert.Equal(t, "error", sum["status"], errOut)
			assert.Contains(t, errOut, "kubernetes")
			for _, want := range tc.want {
				assert.Contains(t, errOut, want)
			}
		})
	}
}

// TestKubernetesNamespaceForbidden: credentials that may not use the namespace (scripts/k8s.sh's
// nobody.kubeconfig) fail the eval before any sample, naming the namespace.
func TestKubernetesNamespaceForbidden(t *testing.T) {
	t.Parallel()
	needClusterCLI(t)
	nobody := filepath.Join(filepath.Dir(os.Getenv("KUBECONFIG")), "nobody.kubeconfig")
	if _, err := os.Stat(nobody); err != nil {
		t.Skipf("no credentials without rights (%s, written by scripts/k8s.sh)", nobody)
	}
	code, sum, errOut := runJSON(t, onCluster(t, nobody))
	assert.NotEqual(t, cli.ExitOK, code)
	assert.Equal(t, "error", sum["status"], errOut)
	assert.Contains(t, errOut, `not allowed to list pods in namespace "default"`)
}
