package eval

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog"
)

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
