package resume

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// Suite is what the suite now says of the eval a log is resumed for, in
// the log's terms: host/eval fills it from the eval being prepared.
type Suite struct {
	// Eval is the suite's eval name (eval.metadata's [MetaEval]).
	Eval string
	// Task is the task's name (eval.task).
	Task string
	// Epochs is the epoch count, at least 1 (eval.config.epochs).
	Epochs int
	// Reducers are the epoch reducers (eval.config.epochs_reducer).
	Reducers []string
	// SolverArgs is the swarm as the log records it (eval.solver_args).
	SolverArgs map[string]any
	// Scorers are the scorers' log names, the keys of a sample's scores.
	Scorers []string
}

// Check reports why the log old was not written for the eval as the suite
// now describes it, or nil. A log that records no epochs ran one; an
// errored sample (run again) and one with no scores are not compared.
func Check(old *evallog.EvalLog, s Suite) error {
	if name := EvalOf(old); name != s.Eval {
		return fmt.Errorf("the log is of eval %q, not %q", name, s.Eval)
	}
	if old.Eval.Task != s.Task {
		return fmt.Errorf("the log is of task %q, not %q", old.Eval.Task, s.Task)
	}
	if epochs := max(old.Eval.Config.Epochs, 1); epochs != s.Epochs {
		return fmt.Errorf("the log runs %d epochs, the suite %d", epochs, s.Epochs)
	}
	if !slices.Equal(old.Eval.Config.EpochsReducer, s.Reducers) {
		return fmt.Errorf("the log reduces epochs with %v, the suite with %v", old.Eval.Config.EpochsReducer, s.Reducers)
	}
	if !SameJSON(old.Eval.SolverArgs, s.SolverArgs) {
		return fmt.Errorf("the swarm changed since the log was written (solver_args %s, now %s)",
			jsonText(old.Eval.SolverArgs), jsonText(s.SolverArgs))
	}
	for _, smp := range old.Samples {
		// an errored sample runs again; a scorer that failed left it the scores before it only
		if smp.Error == nil && len(smp.Scores) > 0 && !sameKeys(smp.Scores, s.Scorers) {
			return fmt.Errorf("sample %v epoch %d has scores %v, the task's scorers are %v",
				smp.ID, smp.Epoch, slices.Sorted(maps.Keys(smp.Scores)), s.Scorers)
		}
	}
	return nil
}

// SameJSON reports whether a and b have the same JSON encoding (map keys
// sorted): how a value read back from a log (numbers as float64, objects
// as maps) compares with the one the host would write. Values that do not
// encode are never the same.
func SameJSON(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// jsonText is v's JSON encoding for an error message ("null" when v does
// not encode).
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

// sameKeys reports whether m's keys are exactly names.
func sameKeys[V any](m map[string]V, names []string) bool {
	if len(m) != len(names) {
		return false
	}
	for _, n := range names {
		if _, ok := m[n]; !ok {
			return false
		}
	}
	return true
}
