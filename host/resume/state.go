package resume

import (
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// State is what a resumed run carries from its log; host/eval holds one
// for a resumed run (and for a merge, which loads finished logs the same
// way) and nil otherwise. Its methods are not safe for concurrent use.
type State struct {
	// Finished counts the sample × epochs the log held when the run began,
	// redone ones excluded.
	Finished int
	// Started is when the log's first run began ([Started]).
	Started time.Time
	redo    map[Key]bool
}

// NewState is the state of a run resuming old; nil old (a merge) has no
// start time.
func NewState(old *evallog.EvalLog) *State {
	s := &State{redo: map[Key]bool{}}
	if old != nil {
		s.Started = Started(old)
	}
	return s
}

// Add takes a log's sorted samples: the kept ones count as finished, the
// others are to run again.
func (s *State) Add(sorted Sorted) {
	s.Finished += len(sorted.Kept)
	for _, k := range sorted.Redo {
		s.redo[k] = true
	}
}

// Again reports whether the sample × epoch k runs: it is to run again, or
// the log does not hold it (logged is false: it was never run, or a crash
// cut it off mid-write).
func (s *State) Again(k Key, logged bool) bool {
	return s.redo[k] || !logged
}
