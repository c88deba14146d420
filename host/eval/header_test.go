package eval

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestHeaderFields: the header's model_base_url, model_generate_config and
// sandbox hold the suite's real values, as Inspect fills them: the log
// model's base URL and generate config (its first member's model block,
// with its max_connections),
// the task's sandbox type and, for a compose file, its path as config
// (relative to the working directory when under it, as Inspect writes it);
// none of them without a model block or a sandbox.
func TestHeaderFields(t *testing.T) {
	t.Parallel()
	wd, err := os.Getwd()
	require.NoError(t, err)
	conns := int64(4)
	model := &config.Model{Name: "local", Provider: "openai", ModelName: "tiny", BaseURL: "http://127.0.0.1:8080/v1",
		Config: json.RawMessage(`{"temperature": 0, "max_tokens": 100}`), MaxConnections: &conns}
	tests := map[string]struct {
		model   string
		sandbox *config.Sandbox
		baseURL string
		gen     evallog.GenerateConfig
		want    *evallog.SandboxSpec
	}{
		"no model block, no sandbox": {"", nil, "", evallog.GenerateConfig{}, nil},
		"a model block and a local sandbox": {"local", &config.Sandbox{Type: "local", PerMember: true},
			"http://127.0.0.1:8080/v1", evallog.GenerateConfig{"temperature": 0.0, "max_tokens": 100.0, "max_connections": int64(4)},
			&evallog.SandboxSpec{Type: "local"}},
		"a compose file": {"", &config.Sandbox{Type: "docker", Compose: "/suite/compose.yaml"}, "",
			evallog.GenerateConfig{}, &evallog.SandboxSpec{Type: "docker", Config: "/suite/compose.yaml"}},
		"a compose file under the working directory": {"", &config.Sandbox{Type: "docker",
			Compose: filepath.Join(wd, "testdata", "compose.yaml")}, "", evallog.GenerateConfig{},
			&evallog.SandboxSpec{Type: "docker", Config: filepath.Join("testdata", "compose.yaml")}},
		"an image": {"", &config.Sandbox{Type: "docker", Image: "python:3.12"}, "", evallog.GenerateConfig{},
			&evallog.SandboxSpec{Type: "docker"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sw := &config.Swarm{Name: "s", Controller: &config.Controller{Plugin: "leaderless"},
				Roster: []config.RosterEntry{{Name: "m", Member: &config.Member{Model: tc.model}}}}
			r := &evalRun{suite: &config.Suite{Models: map[string]*config.Model{"local": model}}, sw: sw,
				e: &config.Eval{Name: "e"}, task: &config.Task{Name: "t", Dataset: &config.Dataset{}, Sandbox: tc.sandbox}}
			h := r.header().Eval
			assert.Equal(t, tc.baseURL, h.ModelBaseURL)
			assert.Equal(t, tc.gen, h.ModelGenConfig)
			assert.Equal(t, tc.want, h.Sandbox)
		})
	}
}
