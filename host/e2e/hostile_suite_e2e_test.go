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

// withSandbox copies the shared-sandbox example with its sandbox block replaced by block and the
// files (name → content) written into the suite's directory.
func withSandbox(t *testing.T, block string, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "shared-sandbox")
	require.NoError(t, os.CopyFS(dir, os.DirFS(repoPath("examples", "shared-sandbox"))))
	suite := filepath.Join(dir, "suite.hcl")
	src, err := os.ReadFile(suite)
	require.NoError(t, err)
	switched := strings.Replace(string(src), `sandbox "local" {}`, block, 1)
	require.NotEqual(t, string(src), switched, "the example has a local sandbox block")
	require.NoError(t, os.WriteFile(suite, []byte(switched), 0o644))
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o755))
	}
	return dir
}

// TestHostileSuiteRefused: a suite whose compose file asks for the host (a bind of /, cap_add,
// root, the host's environment) or whose kubeconfig runs a credential plugin is refused by
// validate and by run before anything starts, each refusal naming the file and line; the plugin's
// command never runs (issue 27). No engine or cluster is needed: nothing gets that far.
func TestHostileSuiteRefused(t *testing.T) {
	t.Parallel()
	canary := filepath.Join(t.TempDir(), "exec-ran")
	tests := map[string]struct {
		block string
		files map[string]string
		want  []string
	}{
		"compose": {
			block: `sandbox "docker" { compose = "compose.yaml" }`,
			files: map[string]string{"compose.yaml": `services:
  default:
    image: localhost/swarmhost-busybox:2
    user: root
    cap_add: [SYS_ADMIN]
    volumes: ["/:/host"]
    environment: {LEAK: "${AWS_SECRET_ACCESS_KEY}"}
`},
			want: []string{`compose.yaml:4: service "default": user: "root"`, `compose.yaml:5: service "default": cap_add: SYS_ADMIN`,
				`compose.yaml:6: service "default": volumes: the bind mount of / at /host`, "compose.yaml:7: ${AWS_SECRET_ACCESS_KEY}"},
		},
		"kubeconfig exec": {
			block: "sandbox \"kubernetes\" {\n    image      = \"swarmhost.local/busybox:1\"\n    kubeconfig = \"kc.yaml\"\n  }",
			files: map[string]string{"kc.yaml": `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: ./creds.sh}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`, "creds.sh": "#!/bin/sh\ntouch " + canary + "\n"},
			want: []string{"kc.yaml: user \"u\" runs a credential plugin (exec: ./creds.sh)", "allow_exec_credentials = true"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := withSandbox(t, tc.block, tc.files)
			for _, args := range [][]string{{"validate", dir}, {"run", dir, "--log-dir", t.TempDir()}} {
				code, out, errOut := runCLI(t, args...)
				assert.NotEqual(t, cli.ExitOK, code, "%s\nstdout: %s", args[0], out)
				for _, w := range tc.want {
					assert.Contains(t, errOut, w, args[0])
				}
			}
			assert.NoFileExists(t, canary)
		})
	}
}
