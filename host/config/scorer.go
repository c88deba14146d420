package config

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/scoring"
)

// Scorer is a task's `scorer "<plugin>"` block. Its body is the scorer
// plugin's config, except the host's meta-arguments `gate`, `metrics`, `score_timeout`,
// `model` and `member_scores`, which are removed first (a plugin cannot declare attributes by
// those names).
type Scorer struct {
	// Plugin is the scorer plugin's name (the block label).
	Plugin string `json:"plugin"`
	// Name is the scorer's name in the log when it is not the plugin's:
	// an Inspect task's scorers (plugin "task") carry their Inspect names.
	Name string `json:"name,omitempty"`
	// Gate turns on in-loop gate checks (SPEC §5). Only the task's first
	// scorer may set it.
	Gate bool `json:"gate"`
	// Metrics overrides the scorer's metrics, as Inspect declares them: a
	// list of metric names (accuracy, mean, stderr, std, var,
	// bootstrap_stderr), or an object of per-key lists for dict-valued
	// scores (`{ utility = ["accuracy", "stderr"] }`, `"*"` for every key),
	// or a list mixing both; nil keeps the scorer's own (those its plugin
	// declares, else the host's default for it).
	Metrics *scoring.MetricSet `json:"metrics"`
	// Timeout bounds each call of the plugin (`score_timeout`; 0 takes
	// DefaultScoreTimeout): a scorer that does not answer in time ends the
	// sample in error, and a gate check returns an error.
	Timeout time.Duration `json:"score_timeout,omitempty"`
	// Model names the model block the scorer's model calls go to (`model =
	// model.NAME`, ScorerHost.Generate); "" gives the scorer no model.
	Model string `json:"model,omitempty"`
	// MemberScores (`member_scores`) runs the scorer once more per member,
	// on the member's own output (see host/eval's member scores): true
	// marks the block for it; false keeps it off even in a study; nil (unset)
	// leaves it to the default, the task's first scorer when the eval is an
	// arm of a study and no block is marked.
	MemberScores *bool `json:"member_scores,omitempty"`
	// Config is the decoded body as the plugin receives it.
	Config   json.RawMessage `json:"config"`
	DefRange hcl.Range       `json:"-"`
}

// KnownMetrics are the metric names a scorer's `metrics` may list (SPEC §10).
var KnownMetrics = []string{"accuracy", "mean", "stderr", "std", "var", "bootstrap_stderr"}

var scorerMetaSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "gate"}, {Name: "metrics"}, {Name: ScoreTimeoutAttr}, {Name: ScorerModelAttr},
	{Name: MemberScoresAttr}}}

// MemberScoresAttr is the scorer block's meta-argument that marks it for
// per-member scores.
const MemberScoresAttr = "member_scores"

// ScorerModelAttr is the scorer block's meta-argument naming the model its
// model calls use.
const ScorerModelAttr = "model"

// scorer decodes the index-th scorer block of a task.
func (d *decoder) scorer(b *hcl.Block, index int) *Scorer {
	s := &Scorer{Plugin: b.Labels[0], DefRange: b.DefRange}
	if !d.pluginName(s.Plugin, b.LabelRanges[0]) {
		return nil
	}
	meta, rest, diags := b.Body.PartialContent(scorerMetaSchema)
	d.diags = append(d.diags, diags...)
	if a := meta.Attributes["gate"]; a != nil {
		s.Gate, _ = d.boolean(a)
		if s.Gate && index > 0 {
			d.report(errorAt(a.Expr.Range(), "Gate on a later scorer", "Gate checks use the task's first scorer; move gate = true there."))
		}
	}
	if a := meta.Attributes["metrics"]; a != nil {
		s.Metrics = d.metricSet(a)
	}
	s.Timeout = d.timeout(meta.Attributes[ScoreTimeoutAttr])
	if a := meta.Attributes[MemberScoresAttr]; a != nil {
		if on, ok := d.boolean(a); ok {
			s.MemberScores = &on
		}
	}
	s.Model = d.reference(meta.Attributes[ScorerModelAttr], "model", d.p.defs.models)
	s.Config = d.pluginConfig(PluginRef{Kind: KindScorer, Name: s.Plugin}, rest, b.DefRange, b.LabelRanges[0])
	return s
}

// metricSet decodes a scorer's `metrics`: a list of names and per-key
// objects, or one per-key object. Every name must be a metric the host
// computes (a scorer's own custom metrics come from its plugin, not from
// the suite).
func (d *decoder) metricSet(a *hcl.Attribute) *scoring.MetricSet {
	raw, _, ok := d.jsonValue(a)
	if !ok {
		return nil
	}
	var set scoring.MetricSet
	if err := set.UnmarshalJSON(raw); err != nil {
		d.report(errorf(a.Expr.Range(), "Invalid metrics",
			`%s: give a list of metric names (["accuracy", "stderr"]) or an object of per-key lists ({ utility = ["accuracy"] }).`,
			capitalize(err.Error())))
		return nil
	}
	keepKeyOrder(&set, a.Expr)
	for _, ref := range set.Refs() {
		if !slices.Contains(KnownMetrics, ref.LogName()) {
			d.report(errorf(a.Expr.Range(), fmt.Sprintf("Unknown metric %q", ref.Name), "Metrics are %s.", quoteList(KnownMetrics)))
		}
	}
	return &set
}
