package resume

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestCheck: a log is refused when the suite changed what it describes
// since the log was written, with an error saying what changed.
func TestCheck(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		suite func(*Suite)
		log   func(*evallog.EvalLog)
		want  string
	}{
		"unchanged":          {},
		"another eval":       {suite: func(s *Suite) { s.Eval = "other" }, want: `the log is of eval "arith", not "other"`},
		"not swarmhost's":    {log: func(l *evallog.EvalLog) { l.Eval.Metadata = nil }, want: `the log is of eval "", not "arith"`},
		"another task":       {suite: func(s *Suite) { s.Task = "t2" }, want: `the log is of task "arith_task", not "t2"`},
		"epochs":             {suite: func(s *Suite) { s.Epochs = 3 }, want: "the log runs 2 epochs, the suite 3"},
		"no epochs recorded": {log: func(l *evallog.EvalLog) { l.Eval.Config.Epochs = 0 }, want: "the log runs 1 epochs, the suite 2"},
		"one epoch unrecorded": {
			suite: func(s *Suite) { s.Epochs = 1 }, log: func(l *evallog.EvalLog) { l.Eval.Config.Epochs = 0 }},
		"reducers": {suite: func(s *Suite) { s.Reducers = []string{"max"} },
			want: "the log reduces epochs with [mean], the suite with [max]"},
		"swarm": {suite: func(s *Suite) { s.SolverArgs["controller"] = "leader" },
			want: `the swarm changed since the log was written (solver_args {"controller":"leaderless"`},
		"swarm read back": {log: func(l *evallog.EvalLog) {
			l.Eval.SolverArgs = map[string]any{"controller": "leaderless", "members": []any{"a", "b"}, "swarm": "pair"}
		}},
		"scorer renamed": {suite: func(s *Suite) { s.Scorers = []string{"exact"} },
			want: "sample a epoch 1 has scores [match], the task's scorers are [exact]"},
		"scorer added": {suite: func(s *Suite) { s.Scorers = []string{"match", "exec"} },
			want: "has scores [match], the task's scorers are [match exec]"},
		"unscored samples": {suite: func(s *Suite) { s.Scorers = []string{"exact"} },
			log: func(l *evallog.EvalLog) { l.Samples = l.Samples[1:2] }},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l, s := header(), suite()
			l.Samples = []evallog.EvalSample{sample(evallog.StringID("a"), 1, scored),
				sample(evallog.IntID(2), 1, errored)}
			if tc.suite != nil {
				tc.suite(&s)
			}
			if tc.log != nil {
				tc.log(&l)
			}
			err := Check(&l, s)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestSameJSON: values compare by their encoding, as read back from a log.
func TestSameJSON(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		a, b any
		want bool
	}{
		"number kinds":    {a: map[string]any{"n": 2}, b: map[string]any{"n": 2.0}, want: true},
		"key order":       {a: map[string]any{"x": 1, "y": 2}, b: map[string]any{"y": 2, "x": 1}, want: true},
		"slices":          {a: []string{"a"}, b: []any{"a"}, want: true},
		"different":       {a: map[string]any{"n": 2}, b: map[string]any{"n": 3}},
		"nil and empty":   {a: nil, b: map[string]any{}},
		"does not encode": {a: func() {}, b: func() {}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, SameJSON(tc.a, tc.b))
		})
	}
}
