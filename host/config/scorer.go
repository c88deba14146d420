package config

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/hcl/v2"
)

// Scorer is a task's `scorer "<plugin>"` block. Its body is the scorer
// plugin's config, except the host's meta-arguments `gate`, `metrics` and `score_timeout`,
// which are removed first (a plugin cannot declare attributes by those names).
type Scorer struct {
	// Plugin is the scorer plugin's name (the block label).
	Plugin string `json:"plugin"`
	// Name is the scorer's name in the log when it is not the plugin's:
	// an Inspect task's scorers (plugin "task") carry their Inspect names.
	Name string `json:"name,omitempty"`
	// Gate turns on in-loop gate checks (SPEC §5). Only the task's first
	// scorer may set it.
	Gate bool `json:"gate"`
	// Metrics overrides the scorer's metrics (accuracy, mean, stderr, std,
	// bootstrap_stderr); nil keeps the scorer's own.
	Metrics []string `json:"metrics"`
	// Timeout bounds each call of the plugin (`score_timeout`; 0 takes
	// DefaultScoreTimeout): a scorer that does not answer in time leaves
	// the sample unscored for it, and a gate check returns an error.
	Timeout time.Duration `json:"score_timeout,omitempty"`
	// Model names the model block the scorer's model calls go to (`model =
	// model.NAME`, ScorerHost.Generate); "" gives the scorer no model.
	Model string `json:"model,omitempty"`
	// Config is the decoded body as the plugin receives it.
	Config   json.RawMessage `json:"config"`
	DefRange hcl.Range       `json:"-"`
}

// KnownMetrics are the metric names a scorer's `metrics` may list (SPEC §10).
var KnownMetrics = []string{"accuracy", "mean", "stderr", "std", "bootstrap_stderr"}

var scorerMetaSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "gate"}, {Name: "metrics"}, {Name: ScoreTimeoutAttr}, {Name: ScorerModelAttr}}}

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
	if ms, ok := d.strList(meta.Attributes["metrics"]); ok {
		s.Metrics = ms
		d.checkMetrics(ms, meta.Attributes["metrics"].Expr.Range())
	}
	s.Timeout = d.timeout(meta.Attributes[ScoreTimeoutAttr])
	s.Model = d.reference(meta.Attributes[ScorerModelAttr], "model", d.p.defs.models)
	s.Config = d.pluginConfig(PluginRef{Kind: KindScorer, Name: s.Plugin}, rest, b.DefRange, b.LabelRanges[0])
	return s
}

// checkMetrics reports metric names the host does not know.
func (d *decoder) checkMetrics(ms []string, r hcl.Range) {
	for _, m := range ms {
		if !slices.Contains(KnownMetrics, m) {
			d.report(errorf(r, fmt.Sprintf("Unknown metric %q", m), "Metrics are %s.", quoteList(KnownMetrics)))
		}
	}
}
