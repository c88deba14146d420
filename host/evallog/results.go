package evallog

import "github.com/swarmhost/swarmhost/host/evallog/jsonenc"

// EvalResults are the eval's scores and metrics. TotalSamples counts samples × epochs.
type EvalResults struct {
	TotalSamples     int            `json:"total_samples"`
	CompletedSamples int            `json:"completed_samples"`
	Scores           []EvalScore    `json:"scores"`
	Metadata         map[string]any `json:"metadata,omitempty"`
}

// MarshalJSON writes scores as [] when nil.
func (r EvalResults) MarshalJSON() ([]byte, error) {
	type plain EvalResults
	r.Scores = emptySlice(r.Scores)
	return jsonenc.Marshal(plain(r))
}

// EvalScore is one scorer's (and reducer's) metrics. The first metric of the first score is the
// headline that Inspect's viewer and evals_df show, which is why Metrics is ordered.
type EvalScore struct {
	Name            string         `json:"name"`
	Scorer          string         `json:"scorer"`
	Reducer         string         `json:"reducer,omitempty"`
	ScoredSamples   int            `json:"scored_samples"`
	UnscoredSamples int            `json:"unscored_samples"`
	Params          map[string]any `json:"params"`
	Metrics         Metrics        `json:"metrics"`
	Metadata        map[string]any `json:"metadata,omitempty"`
}

// MarshalJSON writes params as {} when nil.
func (s EvalScore) MarshalJSON() ([]byte, error) {
	type plain EvalScore
	s.Params = emptyMap(s.Params)
	return jsonenc.Marshal(plain(s))
}

// EvalMetric is one metric's value. Value may be NaN (no scored samples).
type EvalMetric struct {
	// Key is the metric's key in its EvalScore's metrics object when it is not Name: a repeated
	// metric's ("accuracy2"), a dict-valued metric's entries ("ci_lower"), a package metric's
	// ("custom" for "mypkg/custom").
	Key      string         `json:"-"`
	Name     string         `json:"name"`
	Group    string         `json:"group,omitempty"`
	Value    Float          `json:"value"`
	Params   map[string]any `json:"params"`
	Metadata map[string]any `json:"metadata,omitempty"`
}

// MarshalJSON writes params as {} when nil.
func (m EvalMetric) MarshalJSON() ([]byte, error) {
	type plain EvalMetric
	m.Params = emptyMap(m.Params)
	return jsonenc.Marshal(plain(m))
}

// EvalStats holds timing and usage for the whole eval. A zero StartedAt or CompletedAt is
// written as "", as Inspect does for an interrupted run.
type EvalStats struct {
	StartedAt   Time                  `json:"started_at"`
	CompletedAt Time                  `json:"completed_at"`
	ModelUsage  map[string]ModelUsage `json:"model_usage"` // keyed by "provider/model"
	RoleUsage   map[string]ModelUsage `json:"role_usage"`  // keyed by model role
	// ConnectionLimitHistory is Inspect's adaptive-concurrency trace; the host writes [].
	ConnectionLimitHistory []any `json:"connection_limit_history"`
}

// MarshalJSON writes the usage maps as {} and the history as [] when nil.
func (s EvalStats) MarshalJSON() ([]byte, error) {
	type plain EvalStats
	s.ModelUsage = emptyMap(s.ModelUsage)
	s.RoleUsage = emptyMap(s.RoleUsage)
	s.ConnectionLimitHistory = emptySlice(s.ConnectionLimitHistory)
	return jsonenc.Marshal(plain(s))
}

// EvalSampleReductions are one scorer's per-sample scores reduced across epochs.
type EvalSampleReductions struct {
	Scorer  string            `json:"scorer"`
	Reducer string            `json:"reducer,omitempty"`
	Samples []EvalSampleScore `json:"samples"`
}

// MarshalJSON writes samples as [] when nil.
func (r EvalSampleReductions) MarshalJSON() ([]byte, error) {
	type plain EvalSampleReductions
	r.Samples = emptySlice(r.Samples)
	return jsonenc.Marshal(plain(r))
}
