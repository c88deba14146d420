package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// trustSuite is a suite whose docker sandbox runs compose.yaml (content)
// with the sandbox attributes extra.
func trustSuite(t *testing.T, sandboxType, composeYAML, extra string) (*Suite, hcl.Diagnostics) {
	t.Helper()
	return trustSuiteIn(t, t.TempDir(), sandboxType, composeYAML, extra)
}

// trustSuiteIn is trustSuite in dir.
func trustSuiteIn(t *testing.T, dir, sandboxType, composeYAML, extra string) (*Suite, hcl.Diagnostics) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "compose.yaml"), []byte(composeYAML), 0o644))
	src := `
task "t" {
  dataset {
    sample { input = "hi" }
  }
  sandbox "` + sandboxType + `" {
    compose = "compose.yaml"
    ` + extra + `
  }
}
swarm "s" {
  member "scripted" {}
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`
	path := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	p, diags := Parse(path, nil)
	require.False(t, diags.HasErrors(), summaries(diags))
	return p.Decode(newFakeSource())
}

// hostCompose is a compose file asking for the host three ways in
// service tools, and for nothing in service box.
const hostCompose = `services:
  box:
    image: i
  tools:
    image: i
    user: root
    cap_add: [SYS_PTRACE]
    volumes: ["/:/host:ro"]
`

// TestValidateHostAccess: validate refuses a compose file that asks for
// the host (naming the file, the line and the key) unless the sandbox
// block allows that kind for that service; the allowance's own mistakes
// are errors at the attribute.
func TestValidateHostAccess(t *testing.T) {
	tests := []struct {
		name, extra string
		want        []string // in the error details; none: valid
		allowed     map[string]compose.Access
	}{
		{name: "nothing allowed", want: []string{`compose.yaml:6: service "tools": user: "root"`,
			`compose.yaml:7: service "tools": cap_add: SYS_PTRACE`, `compose.yaml:8: service "tools": volumes: the bind mount of / at /host`}},
		{name: "every service", extra: `allow_host_access = true`,
			allowed: map[string]compose.Access{"*": {Binds: true, Capabilities: true, Root: true}}},
		{name: "the service, every kind", extra: `allow_host_access = { tools = true }`,
			allowed: map[string]compose.Access{"tools": {Binds: true, Capabilities: true, Root: true}}},
		{name: "the service, each kind", extra: `allow_host_access = { tools = ["binds", "capabilities", "root"] }`,
			allowed: map[string]compose.Access{"tools": {Binds: true, Capabilities: true, Root: true}}},
		{name: "one kind short", extra: `allow_host_access = { tools = ["binds", "root"] }`, want: []string{"compose.yaml:7: service \"tools\": cap_add"}},
		{name: "another service", extra: `allow_host_access = { box = true }`, want: []string{"compose.yaml:6:", "compose.yaml:7:", "compose.yaml:8:"}},
		{name: "false", extra: `allow_host_access = false`, want: []string{"compose.yaml:6:"}},
		{name: "unknown service", extra: `allow_host_access = { tool = true, tools = true }`, want: []string{`has no service "tool"`}},
		{name: "unknown kind", extra: `allow_host_access = { tools = ["bind"] }`, want: []string{`"bind" is not a kind of host access`}},
		{name: "not a bool or object", extra: `allow_host_access = "yes"`, want: []string{"Got string."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := trustSuite(t, "docker", hostCompose, tt.extra)
			details := detailsOf(diags)
			if len(tt.want) == 0 {
				require.False(t, diags.HasErrors(), details)
				assert.Equal(t, tt.allowed, s.Tasks["t"].Sandbox.AllowHostAccess)
				// whoever runs the suite is told what it allows
				assert.Contains(t, details, "The suite gives containers the host: allow_host_access lets ")
				assert.Contains(t, details, "bind host paths outside the suite, add capabilities, run as root")
				return
			}
			require.True(t, diags.HasErrors())
			for _, w := range tt.want {
				assert.Contains(t, details, w)
			}
		})
	}
}

// TestValidateAllowEnv: a compose file reads only the host variables the
// suite names; allow_env without a compose file, or naming no variable,
// is an error.
func TestValidateAllowEnv(t *testing.T) {
	t.Setenv("SWARMHOST_TEST_TOKEN", "secret")
	yaml := "services:\n  box:\n    image: i\n    environment: [\"T=${SWARMHOST_TEST_TOKEN}\"]\n"
	_, diags := trustSuite(t, "docker", yaml, "")
	assert.Contains(t, detailsOf(diags), "compose.yaml:4: ${SWARMHOST_TEST_TOKEN} reads the host's environment variable")
	_, diags = trustSuite(t, "docker", yaml, `allow_env = ["SWARMHOST_TEST_TOKEN"]`)
	assert.False(t, diags.HasErrors(), detailsOf(diags))
	_, diags = trustSuite(t, "kubernetes", yaml, `allow_env = ["SWARMHOST_TEST_TOKEN"]`)
	assert.False(t, diags.HasErrors(), detailsOf(diags))
	_, diags = trustSuite(t, "docker", yaml, `allow_env = ["SWARMHOST-TEST"]`)
	assert.Contains(t, detailsOf(diags), `"SWARMHOST-TEST" is not an environment variable's name`)
}

// TestTrustNeedsCompose: the allowances apply to a compose file only, and
// allow_exec_credentials to a kubernetes sandbox only.
func TestTrustNeedsCompose(t *testing.T) {
	for _, extra := range []string{`allow_host_access = true`, `allow_env = ["X"]`} {
		src := strings.Replace(minimalSuite, "  dataset {", "  sandbox \"docker\" {\n    image = \"i\"\n    "+extra+"\n  }\n  dataset {", 1)
		p, diags := parseSrc(t, src, nil)
		require.False(t, diags.HasErrors(), summaries(diags))
		_, diags = p.Decode(newFakeSource())
		assert.Contains(t, summaries(diags), "without a compose file", extra)
	}
	_, diags := trustSuite(t, "docker", "services:\n  box:\n    image: i\n", "allow_exec_credentials = true")
	assert.Contains(t, summaries(diags), "allow_exec_credentials on a docker sandbox")
}

// detailsOf joins the diagnostics' details.
func detailsOf(diags hcl.Diagnostics) string {
	var s []string
	for _, d := range diags {
		s = append(s, d.Summary+": "+d.Detail)
	}
	return strings.Join(s, "\n")
}

// TestValidateKubeconfigExec: validate refuses a kubeconfig the suite
// names that runs a credential plugin, at the kubeconfig attribute, unless
// the sandbox allows exec credentials.
func TestValidateKubeconfigExec(t *testing.T) {
	kc := `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: /bin/touch, args: [/tmp/pwned]}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`
	for name, tc := range map[string]struct{ extra, want string }{
		"refused": {extra: `kubeconfig = "kc.yaml"`, want: "runs a credential plugin (exec: /bin/touch /tmp/pwned)"},
		"allowed": {extra: "kubeconfig = \"kc.yaml\"\n    allow_exec_credentials = true"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "kc.yaml"), []byte(kc), 0o600))
			_, diags := trustSuiteIn(t, dir, "kubernetes", "services:\n  box:\n    image: i\n", tc.extra)
			if tc.want == "" {
				assert.False(t, diags.HasErrors(), detailsOf(diags))
				assert.Contains(t, summaries(diags), "The suite's kubeconfig may run a command")
				return
			}
			assert.Contains(t, summaries(diags), "Kubeconfig not allowed")
			assert.Contains(t, detailsOf(diags), tc.want)
		})
	}
}

// TestInspectTaskAllowances: an Inspect task brings its sandbox, so the suite says what its compose
// file may take beside `inspect`; on a task of the suite's own they belong in the sandbox block.
func TestInspectTaskAllowances(t *testing.T) {
	src := strings.Replace(minimalSuite, "  dataset {\n    sample { input = \"hi\" }\n  }",
		"  inspect = \"inspect_evals/x\"\n  allow_host_access = { default = [\"root\"] }\n  allow_env = [\"HF_TOKEN\"]", 1)
	p, diags := parseSrc(t, src, nil)
	require.False(t, diags.HasErrors(), summaries(diags))
	s, diags := p.Decode(newFakeSource())
	require.False(t, diags.HasErrors(), detailsOf(diags))
	it := s.Tasks["t"].Inspect
	assert.Equal(t, map[string]compose.Access{"default": {Root: true}}, it.AllowHostAccess)
	assert.Equal(t, []string{"HF_TOKEN"}, it.AllowEnv)
	assert.Contains(t, summaries(diags), "The suite gives containers the host")

	src = strings.Replace(minimalSuite, "  dataset {", "  allow_env = [\"HF_TOKEN\"]\n  dataset {", 1)
	p, diags = parseSrc(t, src, nil)
	require.False(t, diags.HasErrors(), summaries(diags))
	_, diags = p.Decode(newFakeSource())
	assert.Contains(t, summaries(diags), "allow_env on a task")
}
