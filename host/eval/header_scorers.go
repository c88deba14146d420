package eval

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// MetaScorers is the eval.metadata key listing the task's scorers as the
// host runs them (ScorerMeta, in eval.scorers' order): what eval.scorers
// cannot say (the plugin, the gate), so that log merge can recompute the
// results of logs that have none (a failed eval's, as Inspect writes it).
const MetaScorers = "swarmhost_scorers"

// ScorerMeta is one scorer of MetaScorers.
type ScorerMeta struct {
	// Name is the scorer's name in the log (eval.scorers[].name).
	Name string `json:"name"`
	// Plugin is the scorer plugin's name (results.scores[].scorer).
	Plugin string `json:"plugin"`
	// Gate is set on the task's gate scorer.
	Gate bool `json:"gate,omitempty"`
}

// scorersMeta is MetaScorers' value; nil without scorers.
func (r *evalRun) scorersMeta() []ScorerMeta {
	var out []ScorerMeta
	for _, sc := range r.scorers {
		out = append(out, ScorerMeta{Name: sc.name, Plugin: sc.cfg.Plugin, Gate: sc.cfg.Gate})
	}
	return out
}

// logScorers are the task's scorers as eval.scorers lists them: name, the
// options the suite gave, and their metrics as Inspect declares them (a
// list, or per-key dictionaries).
func (r *evalRun) logScorers() []evallog.EvalScorer {
	out := make([]evallog.EvalScorer, 0, len(r.scorers))
	for _, sc := range r.scorers {
		out = append(out, evallog.EvalScorer{Name: sc.name, Options: scorerOptions(sc), Metrics: r.metricSet(sc),
			Metadata: map[string]any{}})
	}
	return out
}

// scorerOptions are the attributes the suite set on a scorer (results'
// params and eval.scorers' options); unset ones are left out.
func scorerOptions(sc scorerRun) map[string]any {
	var all map[string]any
	_ = json.Unmarshal(sc.cfg.Config, &all)
	out := map[string]any{}
	for k, v := range all {
		if v != nil {
			out[k] = v
		}
	}
	return out
}
