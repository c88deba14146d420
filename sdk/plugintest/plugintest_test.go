package plugintest

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadSamples(t *testing.T) {
	t.Parallel()
	samples, err := readSamples("testdata/log.json")
	require.NoError(t, err)
	require.Len(t, samples, 2)
	fr := samples[0]
	assert.Equal(t, "fr", fr.ID)
	assert.Equal(t, "paris", fr.Answer, "the text parts of the output's first choice")
	assert.Equal(t, "C", fr.Scores["exact-text"])
	assert.True(t, math.IsNaN(fr.Scores["tolerance"].(float64)), "a NaN score reads back as NaN")
	assert.Equal(t, "paris", *fr.ScoreAnswers["exact-text"])
	assert.Nil(t, fr.ScoreAnswers["tolerance"])
	assert.Equal(t, map[string]string{"m-1": "submitted", "m-2": ""}, fr.Statuses())
	assert.Equal(t, "m-1", *fr.Record.Final.Member)
	assert.Equal(t, float64(2), samples[1].ID)
	assert.Equal(t, "Lyon", samples[1].Answer)
	assert.Equal(t, "controller start: boom", samples[1].Error)
	assert.Empty(t, samples[1].Record.Members)
}

func TestPluginBlocks(t *testing.T) {
	t.Parallel()
	s := Suite{Plugins: []string{"/p/swarmhost-scorer-exact-text", "/p/swarmhost-controller-round-robin"}}
	got, err := s.pluginBlocks()
	require.NoError(t, err)
	assert.Equal(t, `plugin "scorer" "exact-text" {
  source = "/p/swarmhost-scorer-exact-text"
  trust  = "trusted"
}
plugin "controller" "round-robin" {
  source = "/p/swarmhost-controller-round-robin"
  trust  = "trusted"
}
`, got)
	s = Suite{Plugins: []string{"/p/swarmhost-scorer-x"}, Trust: Untrusted, ReadOnly: []string{"/venv"}}
	got, err = s.pluginBlocks()
	require.NoError(t, err)
	assert.Equal(t, "plugin \"scorer\" \"x\" {\n  source = \"/p/swarmhost-scorer-x\"\n  trust  = \"untrusted\"\n  read_only = [\"/venv\"]\n}\n", got)
	s = Suite{Plugins: []string{"/p/swarmhost-scorer-x"}, Trust: HostDefault}
	got, err = s.pluginBlocks()
	require.NoError(t, err)
	assert.NotContains(t, got, "trust")
}

func TestSuiteFileErrors(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		suite Suite
		want  string
	}{
		"a badly named plugin file": {Suite{Plugins: []string{"/p/exact-text"}}, "name it swarmhost-<kind>-<name>"},
		"an unknown kind":           {Suite{Plugins: []string{"/p/swarmhost-judge-x"}}, "name it swarmhost-<kind>-<name>"},
		"a file outside the suite":  {Suite{Files: map[string]string{"../x.jsonl": ""}}, "inside it"},
		"an absolute file":          {Suite{Files: map[string]string{"/x.jsonl": ""}}, "inside it"},
		"the suite as a file":       {Suite{Files: map[string]string{"suite.hcl": ""}}, "give the suite as Suite.HCL"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := tc.suite.write(t.TempDir())
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestSuiteIsWrittenUnchanged(t *testing.T) {
	t.Parallel()
	const hcl = "model \"default\" {\n  provider = \"mockllm\"\n}\n"
	dir, err := Suite{HCL: hcl, Files: map[string]string{"data/a.jsonl": "{}\n"}}.write(t.TempDir())
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, "suite.hcl"))
	require.NoError(t, err)
	assert.Equal(t, hcl, string(b), "the suite's lines are the test's")
	b, err = os.ReadFile(filepath.Join(dir, "data", "a.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, "{}\n", string(b))
}

func TestVarArgs(t *testing.T) {
	t.Parallel()
	got := varArgs([]string{"--eval", "e", "--var", "a=1", "--var=b=2", "-var", "c=3", "--limit", "2"})
	assert.Equal(t, []string{"--var", "a=1", "--var=b=2", "-var", "c=3"}, got)
}

func TestNoSwarmhost(t *testing.T) {
	t.Setenv(BinEnv, "")
	t.Setenv("PATH", t.TempDir())
	_, err := Suite{}.binary()
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "put swarmhost on $PATH, set $SWARMHOST_BIN to it, or give Suite.Swarmhost"), err)
}
