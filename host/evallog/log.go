package evallog

import "github.com/swarmhost/swarmhost/host/evallog/jsonenc"

// Version is the Inspect log format version this package writes. Inspect rejects logs with a
// version greater than the one it knows; 2 is current.
const Version = 2

// Eval statuses, the values of EvalLog.Status.
const (
	StatusStarted   = "started"   // running, or crashed before Finish
	StatusSuccess   = "success"   // every sample ran
	StatusCancelled = "cancelled" // stopped by the user
	StatusError     = "error"     // stopped by an error; EvalLog.Error says which
)

// EvalLog is one Inspect eval log (inspect_ai.log.EvalLog). The field order is the file format:
// Inspect's header-only reader streams the top level and stops at "samples", so version,
// status, eval, plan, results and stats must come first and reductions last. encoding/json keeps
// struct field order; never turn this into a map.
//
// Tags and Metadata are recomputed by Inspect on read from Eval.Tags and Eval.Metadata (plus
// post-hoc edits); the Writer fills them the same way when they are nil.
type EvalLog struct {
	Version     int                    `json:"version"`
	Status      string                 `json:"status"`
	Eval        EvalSpec               `json:"eval"`
	Plan        EvalPlan               `json:"plan"`
	Results     *EvalResults           `json:"results,omitempty"`
	Stats       EvalStats              `json:"stats"`
	Error       *EvalError             `json:"error,omitempty"`
	Invalidated bool                   `json:"invalidated"`
	Tags        []string               `json:"tags"`
	Metadata    map[string]any         `json:"metadata"`
	Samples     []EvalSample           `json:"samples,omitempty"`
	Reductions  []EvalSampleReductions `json:"reductions,omitempty"`
}

// MarshalJSON writes tags and metadata as [] and {} when nil (the schema requires them).
// Non-finite Floats come out as sentinels; use Marshal for a file Inspect can read.
func (l EvalLog) MarshalJSON() ([]byte, error) {
	type plain EvalLog
	l.Tags = emptySlice(l.Tags)
	l.Metadata = emptyMap(l.Metadata)
	return jsonenc.Marshal(plain(l))
}

// EvalError is an error that halted an eval or a sample.
type EvalError struct {
	Message       string `json:"message"`
	Traceback     string `json:"traceback"`
	TracebackANSI string `json:"traceback_ansi"`
}

// EvalPlan describes the solver steps. A swarm is one step whose params are its arguments.
type EvalPlan struct {
	Name   string         `json:"name"`
	Steps  []EvalPlanStep `json:"steps"`
	Finish *EvalPlanStep  `json:"finish,omitempty"`
	Config GenerateConfig `json:"config"`
}

// MarshalJSON fills the defaults Python writes: name "plan", steps [], config {}.
func (p EvalPlan) MarshalJSON() ([]byte, error) {
	type plain EvalPlan
	p.Name = orDefault(p.Name, "plan")
	p.Steps = emptySlice(p.Steps)
	p.Config = emptyMap(p.Config)
	return jsonenc.Marshal(plain(p))
}

// EvalPlanStep is one solver with the parameters it ran with and those explicitly passed.
type EvalPlanStep struct {
	Solver       string         `json:"solver"`
	Params       map[string]any `json:"params"`
	ParamsPassed map[string]any `json:"params_passed"`
}

// MarshalJSON writes params and params_passed as {} when nil.
func (s EvalPlanStep) MarshalJSON() ([]byte, error) {
	type plain EvalPlanStep
	s.Params = emptyMap(s.Params)
	s.ParamsPassed = emptyMap(s.ParamsPassed)
	return jsonenc.Marshal(plain(s))
}

// GenerateConfig is a model generation config (inspect_ai.model.GenerateConfig), kept as a map:
// every field is optional and the host passes through whatever its model block set, e.g.
// {"max_tokens": 1024, "temperature": 0.2}.
type GenerateConfig map[string]any
