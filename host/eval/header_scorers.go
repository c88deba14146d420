package eval

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// logScorers are the task's scorers as eval.scorers lists them: name, the
// options the suite gave, and their metrics.
func (r *evalRun) logScorers() []evallog.EvalScorer {
	out := make([]evallog.EvalScorer, 0, len(r.scorers))
	for _, sc := range r.scorers {
		metrics := sc.cfg.Metrics
		if metrics == nil {
			metrics = scoring.DefaultMetrics(sc.cfg.Plugin)
		}
		var ms []map[string]any
		for _, m := range metrics {
			ms = append(ms, map[string]any{"name": "inspect_ai/" + m, "options": map[string]any{}})
		}
		out = append(out, evallog.EvalScorer{Name: sc.name, Options: scorerOptions(sc), Metrics: ms,
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
