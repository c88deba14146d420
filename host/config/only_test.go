package config

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onlySuite has two evals; the second's task and swarm name plugins that
// exist nowhere.
const onlySuite = `
model "default" { provider = "mockllm" }
task "good" {
  dataset {
    sample {
      input  = "1+1?"
      target = "2"
    }
  }
  scorer "match" {}
}
task "other" {
  dataset {
    sample {
      input  = "1+1?"
      target = "2"
    }
  }
  scorer "missing_scorer" {}
}
swarm "s" {
  member "scripted" {}
}
swarm "broken" {
  member "missing_agent" {}
}
eval "chosen" {
  task  = task.good
  swarm = swarm.s
}
eval "another" {
  task  = task.other
  swarm = swarm.broken
}
`

func TestOnly(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		evals    []string
		err      string
		refs     []PluginRef // what Decode asks for
		decodeOK bool
	}{
		"the chosen eval's plugins only": {evals: []string{"chosen"}, decodeOK: true,
			refs: []PluginRef{{KindAgent, "scripted"}, {KindController, DefaultController}, {KindScorer, "match"}}},
		"nothing chosen keeps every eval": {refs: []PluginRef{{KindAgent, "missing_agent"}, {KindAgent, "scripted"},
			{KindController, DefaultController}, {KindScorer, "match"}, {KindScorer, "missing_scorer"}}},
		"an unknown eval is an error with a suggestion": {evals: []string{"chosne"},
			err: `no eval named "chosne" in the suite (its evals: chosen, another). Did you mean "chosen"?`},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, diags := parseSrc(t, onlySuite, nil)
			require.False(t, diags.HasErrors(), summaries(diags))
			err := p.Only(tt.evals)
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.refs, p.PluginRefs())
			src := newFakeSource()
			s, diags := p.Decode(src)
			assert.Equal(t, tt.decodeOK, !diags.HasErrors(), summaries(diags))
			if tt.decodeOK {
				assert.Len(t, s.Evals, 1)
				assert.NotContains(t, s.Tasks, "other")
				assert.NotContains(t, s.Swarms, "broken")
				assert.Zero(t, src.calls[PluginRef{KindScorer, "missing_scorer"}], "never asked for")
			}
		})
	}
}

// TestOnlyKeepsStudyArms: narrowing to one arm of a study keeps the
// study and its other arms' evals (decoded, so the arm knows it is one); a
// study naming none of the evals is left out.
func TestOnlyKeepsStudyArms(t *testing.T) {
	t.Parallel()
	src := onlySuite + `
eval "third" {
  task  = task.good
  swarm = swarm.s
}
study "pair" {
  k = 1
  arm "a" { eval = eval.chosen }
  arm "b" { eval = eval.third }
}
study "elsewhere" {
  k = 1
  arm "x" { eval = eval.another }
}
`
	p, diags := parseSrc(t, src, nil)
	require.False(t, diags.HasErrors(), summaries(diags))
	require.NoError(t, p.Only([]string{"chosen"}))
	s, diags := p.Decode(newFakeSource())
	require.False(t, diags.HasErrors(), summaries(diags))
	var evals []string
	for _, e := range s.Evals {
		evals = append(evals, e.Name)
	}
	assert.Equal(t, []string{"chosen", "third"}, evals)
	require.Len(t, s.Studies, 1)
	assert.Equal(t, "pair", s.Studies[0].Name)
	assert.Len(t, s.StudiesOf("chosen"), 1)
	assert.NotContains(t, s.Swarms, "broken")
}
