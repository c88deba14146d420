package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFailsEval: errored samples fail the eval as Inspect's
// _should_eval_fail decides (inspect_ai/_eval/task/error.py): any by
// default, never with 0 (false), a fraction when failed >= fraction × n,
// a count when failed >= count; every sample errored always fails.
func TestFailsEval(t *testing.T) {
	t.Parallel()
	f := func(v float64) *float64 { return &v }
	tests := map[string]struct {
		limit      *float64
		failed, n  int
		wantFailed bool
	}{
		"none failed":                     {nil, 0, 4, false},
		"default: any":                    {nil, 1, 4, true},
		"false: never":                    {f(0), 3, 4, false},
		"false, but every sample errored": {f(0), 4, 4, true},
		"a fraction reached exactly":      {f(0.5), 2, 4, true},
		"a fraction not reached":          {f(0.5), 1, 4, false},
		"a fraction exceeded":             {f(0.25), 2, 4, true},
		"a count reached":                 {f(2), 2, 4, true},
		"a count not reached":             {f(3), 2, 4, false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := &evalRun{opts: Options{FailOnError: tc.limit}}
			assert.Equal(t, tc.wantFailed, r.failsEval(tc.failed, tc.n))
		})
	}
}
