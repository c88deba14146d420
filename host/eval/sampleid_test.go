package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
)

// TestSampleIDFilter: --sample-id selects as Inspect's sample_id_filter:
// exact ids, fnmatch wildcards (`*` across `/` too, `?`, classes and their
// negation), digit strings as the numbers they spell, brackets that open
// no class as themselves (each case checked with Python's fnmatch).
func TestSampleIDFilter(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		patterns []string
		id       any
		want     bool
	}{
		"an exact id":                {[]string{"q1"}, "q1", true},
		"another id":                 {[]string{"q1"}, "q2", false},
		"one of several":             {[]string{"a", "q2"}, "q2", true},
		"a prefix is not a match":    {[]string{"q"}, "q1", false},
		"a star":                     {[]string{"q*"}, "q12", true},
		"a star across slashes":      {[]string{"user:*"}, "user:cybergym/arvo_6008", true},
		"a question mark":            {[]string{"q?"}, "q1", true},
		"a question mark, one only":  {[]string{"q?"}, "q12", false},
		"a class":                    {[]string{"q[12]"}, "q2", true},
		"a class, not in it":         {[]string{"q[12]"}, "q3", false},
		"a negated class":            {[]string{"q[!12]"}, "q3", true},
		"a range":                    {[]string{"q[0-9]"}, "q7", true},
		"an unclosed bracket":        {[]string{"q[1"}, "q[1", true},
		"dots are literal":           {[]string{"a.b"}, "axb", false},
		"a number and its digits":    {[]string{"7"}, 7, true},
		"leading zeros":              {[]string{"007"}, 7, true},
		"a number is not a prefix":   {[]string{"7"}, 70, false},
		"a reversed range: nothing":  {[]string{"[z-a]"}, "[z-a]", false},
		"a bracket first in a class": {[]string{"q[]]"}, "q]", true},
		"negated, a bracket first":   {[]string{"q[!]]"}, "qa", true},
		"a caret is literal":         {[]string{"q[^1]"}, "q^", true},
		"a caret does not negate":    {[]string{"q[^1]"}, "q2", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, newSampleIDFilter(tc.patterns).matches(tc.id))
		})
	}
}

// TestTaskSampleIDs: --sample-id as it applies to one task, as Inspect's
// resolve_task_sample_ids: "task:id" for that task only (its name ignoring
// case, split at the first colon, a pattern after it), plain ids for every
// task, order kept.
func TestTaskSampleIDs(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		task string
		ids  []string
		want []string
	}{
		"plain ids apply to every task": {"alpha", []string{"q1", "q2"}, []string{"q1", "q2"}},
		"a selector of this task":       {"alpha", []string{"alpha:q1"}, []string{"q1"}},
		"a selector of another task":    {"beta", []string{"alpha:q1"}, []string{}},
		"the name ignoring case":        {"Alpha", []string{"ALPHA:q1"}, []string{"q1"}},
		"a pattern after the colon":     {"alpha", []string{"alpha:q*"}, []string{"q*"}},
		"mixed, in order":               {"beta", []string{"alpha:q1", "q3", "beta:q2"}, []string{"q3", "q2"}},
		"split at the first colon":      {"user", []string{"user:a:b"}, []string{"a:b"}},
		"no prefix match":               {"alpha", []string{"alp*:q1", "al:q2"}, []string{}},
		"an empty id after the colon":   {"alpha", []string{"alpha:"}, []string{""}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, TaskSampleIDs(tc.task, tc.ids))
		})
	}
}

// TestCheckSampleIDs: a selector naming no task of the run is an error (in
// Inspect it is dropped), and so is a task no id applies to (Inspect fails
// the eval: "No matches … for sample_id filter ”").
func TestCheckSampleIDs(t *testing.T) {
	t.Parallel()
	tasks := []string{"alpha", "Beta"}
	tests := map[string]struct {
		ids  []string
		want string
	}{
		"no ids":                                {nil, ""},
		"plain ids":                             {[]string{"q1"}, ""},
		"a selector per task":                   {[]string{"alpha:q1", "beta:q*"}, ""},
		"a selector and a plain id":             {[]string{"alpha:q1", "q2"}, ""},
		"an unknown task":                       {[]string{"gamma:q1", "q2"}, `no task "gamma" among the evals' tasks (alpha, Beta)`},
		"a task with no id":                     {[]string{"alpha:q1"}, "no id for task Beta"},
		"an empty task name":                    {[]string{":q1", "q2"}, `no task ""`},
		"a plain id with a colon is a selector": {[]string{"user:q1"}, `no task "user"`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := CheckSampleIDs(tc.ids, tasks)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// TestSelectSamplesByTask: a task's run keeps the samples its selectors
// pick and records them in eval.config.sample_id as Inspect does (prefix
// stripped, other tasks' dropped); a task no selector names runs nothing.
func TestSelectSamplesByTask(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		task, err         string
		ids, want, config []string
	}{
		"its selector, a pattern": {task: "alpha", ids: []string{"ALPHA:a*", "b1"}, want: []string{"a1", "a2", "b1"},
			config: []string{"a*", "b1"}},
		"another task's selector": {task: "beta", ids: []string{"alpha:a*", "b1"}, want: []string{"b1"},
			config: []string{"b1"}},
		"numbers after the colon":  {task: "beta", ids: []string{"beta:07"}, want: []string{"7"}, config: []string{"07"}},
		"no selector of this task": {task: "beta", ids: []string{"alpha:a1"}, err: "no sample of task beta"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := &evalRun{task: &config.Task{Name: tc.task}, opts: Options{SampleIDs: tc.ids},
				plan: []dataset.Entry{{ID: "a1"}, {ID: "a2"}, {ID: "b1"}, {ID: 7}}}
			err := r.selectSamples()
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			assert.NoError(t, err)
			var got []string
			for _, s := range r.plan {
				got = append(got, sampleID(s.ID).String())
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.config, r.sampleIDConfig(), "eval.config.sample_id")
		})
	}
}
