package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/config"
)

// TestHostLogLevel: --log-level takes Inspect's level names (any case)
// and hclog's "warn"; anything else is refused.
func TestHostLogLevel(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   string
		want string
		ok   bool
	}{
		"Inspect's default":  {"warning", "warn", true},
		"upper case":         {"WARNING", "warn", true},
		"hclog's warn":       {"warn", "warn", true},
		"debug":              {"debug", "debug", true},
		"trace":              {"trace", "trace", true},
		"http":               {"http", "debug", true},
		"info":               {"info", "info", true},
		"error":              {"error", "error", true},
		"critical":           {"critical", "error", true},
		"notset: everything": {"notset", "trace", true},
		"unknown":            {"loud", "", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, ok := hostLogLevel(tc.in)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestModelFlag: --model replaces the default model, the one members
// without a model of their own call (a member naming another block keeps
// it); -M sets its base_url and api_key_env, $OPENAI_BASE_URL is the
// openai base URL when -M gives none, and any other -M is refused;
// --max-connections applies to every model, --model's too.
func TestModelFlag(t *testing.T) {
	t.Setenv("OPENAI_BASE_URL", "http://env/v1")
	tests := map[string]struct {
		model   string
		args    []string
		want    config.Model
		wantErr string
	}{
		"openai with -M": {"openai/gpt-x", []string{"base_url=http://h/v1", "api_key_env=K"},
			config.Model{Name: "default", Provider: "openai", ModelName: "gpt-x", BaseURL: "http://h/v1", APIKeyEnv: "K"}, ""},
		"openai from $OPENAI_BASE_URL": {"openai/gpt-x", nil,
			config.Model{Name: "default", Provider: "openai", ModelName: "gpt-x", BaseURL: "http://env/v1"}, ""},
		"mockllm": {"mockllm/model", nil, config.Model{Name: "default", Provider: "mockllm"}, ""},
		"an unknown -M": {"openai/gpt-x", []string{"temperature=0"}, config.Model{},
			"swarmhost's model arguments are base_url and api_key_env"},
		"-M without =":       {"openai/gpt-x", []string{"base_url"}, config.Model{}, "want name=value"},
		"-M without --model": {"", []string{"base_url=http://h/v1"}, config.Model{}, "-M needs --model"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			own := &config.Member{Model: "judge"}
			plain := &config.Member{}
			s := &config.Suite{Models: map[string]*config.Model{"judge": {Name: "judge", Provider: "mockllm"}},
				Swarms: map[string]*config.Swarm{"s": {Roster: []config.RosterEntry{{Member: own}, {Member: plain}}}}}
			f := inspectFlags{model: tc.model, modelArgs: tc.args, maxConnections: 3}
			err := f.apply(s)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			conns := int64(3)
			tc.want.MaxConnections = &conns // --max-connections applies to --model's model too
			assert.Equal(t, tc.want, *s.Models["default"])
			assert.Equal(t, &conns, s.Models["judge"].MaxConnections)
			assert.Equal(t, "default", plain.Model, "a member without a model calls --model")
			assert.Equal(t, "judge", own.Model, "a member with its own model keeps it")
		})
	}
}

// TestBareRetryOnError: --retry-on-error alone means one retry, as in
// Inspect; with a count, or after --, it is left as given.
func TestBareRetryOnError(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ in, want []string }{
		"last":             {[]string{"s.hcl", "--retry-on-error"}, []string{"s.hcl", "--retry-on-error=1"}},
		"before a flag":    {[]string{"--retry-on-error", "--json"}, []string{"--retry-on-error=1", "--json"}},
		"before the suite": {[]string{"--retry-on-error", "s.hcl"}, []string{"--retry-on-error=1", "s.hcl"}},
		"with a count":     {[]string{"--retry-on-error", "3", "s.hcl"}, []string{"--retry-on-error", "3", "s.hcl"}},
		"with =":           {[]string{"--retry-on-error=2"}, []string{"--retry-on-error=2"}},
		"one dash":         {[]string{"-retry-on-error"}, []string{"-retry-on-error=1"}},
		"after --":         {[]string{"--", "--retry-on-error"}, []string{"--", "--retry-on-error"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, bareRetryOnError(tc.in))
		})
	}
}
