package scoring

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// ReducerFunc folds the scores of one sample's epochs into one score.
// host/eval calls it once per sample and scorer, after the last epoch.
// It never fails: unscored (NaN) epochs are dropped, and when none is left
// the result's Value is NaN. It does not modify epochs.
type ReducerFunc func(epochs []scorer.Score) scorer.Score

// Reducer names without a k.
var plainReducers = map[string]positionReducer{
	"mean":   meanOf,
	"median": medianOf,
	"mode":   modeOf,
	"max":    maxOf,
}

// Reducer names that need a k suffix (pass_at_5, at_least_2).
var kReducers = map[string]func(k int) positionReducer{
	"pass_at":  passAt,
	"at_least": atLeast,
	"best_at":  bestAt,
}

// Reducer returns the epoch reducer called name: mean, median, mode, max,
// pass_at_<k>, at_least_<k> or best_at_<k> (k ≥ 1). It returns an error for any other
// name, a k on a reducer that takes none, or a missing k.
func Reducer(name string) (ReducerFunc, error) {
	base, k, hasK := ReducerK(name)
	if r, ok := plainReducers[base]; ok && !hasK {
		return reducerOf(r), nil
	}
	if r, ok := kReducers[base]; ok && hasK && k >= 1 {
		return reducerOf(r(k)), nil
	}
	return nil, fmt.Errorf("unknown epoch reducer %q (valid reducers: %s)",
		name, strings.Join(ReducerNames(), ", "))
}

// ReducerNames returns the reducer name forms [Reducer] accepts, sorted,
// with <k> standing for a positive integer.
func ReducerNames() []string {
	return []string{"at_least_<k>", "best_at_<k>", "max", "mean", "median", "mode", "pass_at_<k>"}
}

// reducerK splits "<base>_<digits>" as Inspect's registry does.
var reducerK = regexp.MustCompile(`^(.*?)_(\d+)$`)

// ReducerK splits a reducer name into its base and its k, as Inspect's
// registry does: "pass_at_5" gives ("pass_at", 5, true). A name without a
// numeric suffix, or with one too large for an int, is returned whole with
// ok false. It does not check that base is a known reducer.
func ReducerK(name string) (base string, k int, ok bool) {
	m := reducerK.FindStringSubmatch(name)
	if m == nil {
		return name, 0, false
	}
	k, err := strconv.Atoi(m[2])
	if err != nil {
		return name, 0, false
	}
	return m[1], k, true
}

// ValidateReducer checks a reducer name against the task's epoch count
// before the run: the name must be valid for [Reducer], and pass_at_k,
// at_least_k or best_at_k needs at least k epochs (Inspect refuses to start such a run).
func ValidateReducer(name string, epochs int) error {
	if _, err := Reducer(name); err != nil {
		return err
	}
	if _, k, ok := ReducerK(name); ok && k > epochs {
		return fmt.Errorf("epoch reducer %q needs at least %d epochs, but the task runs %d",
			name, k, epochs)
	}
	return nil
}

// reducerOf lifts a per-position reducer to a whole-score reducer.
func reducerOf(r positionReducer) ReducerFunc {
	return func(epochs []scorer.Score) scorer.Score {
		return reducedScore(reduceValue(epochs, r), epochs)
	}
}
