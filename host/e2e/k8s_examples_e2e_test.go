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

// kubernetesBlock replaces an example's `sandbox "local" {` line: the one block a study switches
// to put its sandboxes on a cluster (the image is the one scripts/k8s.sh loads; never pulled).
const kubernetesBlock = `sandbox "kubernetes" {
    image       = "swarmhost.local/busybox:1"
    pull_policy = "Never"
`

// onKubernetes copies an example with its sandbox block switched to kubernetes.
func onKubernetes(t *testing.T, example string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), example)
	require.NoError(t, os.CopyFS(dir, os.DirFS(repoPath("examples", example))))
	suite := filepath.Join(dir, "suite.hcl")
	src, err := os.ReadFile(suite)
	require.NoError(t, err)
	switched := strings.Replace(string(src), `sandbox "local" {`, kubernetesBlock, 1)
	require.NotEqual(t, string(src), switched, "the example has a local sandbox block")
	require.NoError(t, os.WriteFile(suite, []byte(switched), 0o644))
	return dir
}

// TestExamplesOnKubernetes: the seed's sandbox examples score the same with their sandboxes on
// the cluster as on this machine.
func TestExamplesOnKubernetes(t *testing.T) {
	t.Parallel()
	needClusterCLI(t)
	for _, tc := range []struct{ example, scorer, metric string }{
		{"proof-swarm", "exec", "accuracy"},
		{"shared-sandbox", "exec", "accuracy"},
	} {
		t.Run(tc.example, func(t *testing.T) {
			t.Parallel()
			code, local, errOut := runJSON(t, repoPath("examples", tc.example))
			require.Equal(t, cli.ExitOK, code, errOut)
			code, cluster, errOut := runJSON(t, onKubernetes(t, tc.example))
			require.Equal(t, cli.ExitOK, code, errOut)
			assert.Equal(t, "success", cluster["status"])
			assert.Equal(t, local["samples"], cluster["samples"])
			assert.Equal(t, scoreOf(local, tc.scorer, tc.metric), scoreOf(cluster, tc.scorer, tc.metric))
			assert.NotNil(t, scoreOf(cluster, tc.scorer, tc.metric))
		})
	}
}

// TestExampleProofSwarmOnKubernetes runs examples/proof-swarm/containers with its one sandbox block
// switched to the local cluster (the compose file, the Debian image `make debian-image` loads onto
// the node, never pulled): the seed's proof_swarm scorer, unchanged, scores as on docker.
func TestExampleProofSwarmOnKubernetes(t *testing.T) {
	t.Parallel()
	venvPython(t)
	needClusterCLI(t)
	src := repoPath("examples", "proof-swarm", "containers")
	dir := t.TempDir()
	suite, err := os.ReadFile(filepath.Join(src, "suite.hcl"))
	require.NoError(t, err)
	swarmFile, err := os.ReadFile(filepath.Join(src, "swarm.hcl")) // a link to ../swarm.hcl
	require.NoError(t, err)
	switched := strings.NewReplacer(
		`sandbox "docker" {`, `sandbox "kubernetes" {`+"\n    pull_policy = \"Never\"",
		// the copy's paths lead back to the example: its dataset, compose file and (trusted) plugin
		`"../numbers.jsonl"`, `"`+repoPath("examples", "proof-swarm", "numbers.jsonl")+`"`,
		`"compose.yaml"`, `"`+filepath.Join(src, "compose.yaml")+`"`,
		`"../plugins/swarmhost-scorer-proof"`, `"`+repoPath("examples", "proof-swarm", "plugins", "swarmhost-scorer-proof")+`"`,
	).Replace(string(suite))
	require.Contains(t, switched, `sandbox "kubernetes" {`)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(switched), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "swarm.hcl"), swarmFile, 0o644))
	checkProofSwarm(t, runJSONEvals(t, dir)["proof_swarm"])
}
