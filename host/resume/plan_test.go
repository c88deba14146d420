package resume

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestOrder: the log's sample ids, in its order, pick the run's samples.
func TestOrder(t *testing.T) {
	t.Parallel()
	ids := func(s ...string) []evallog.SampleID {
		out := make([]evallog.SampleID, len(s))
		for i, x := range s {
			out[i] = evallog.StringID(x)
		}
		return out
	}
	tests := map[string]struct {
		log     []evallog.SampleID
		want    []string
		wantErr string
	}{
		"the log's order": {log: ids("c", "a"), want: []string{"c", "a"}},
		"all":             {log: ids("a", "b", "c"), want: []string{"a", "b", "c"}},
		"no ids":          {wantErr: "the log lists no sample ids (eval.dataset.sample_ids)"},
		"not in dataset":  {log: ids("a", "z"), wantErr: "sample z of the log is not in the dataset"},
	}
	dataset := []string{"a", "b", "c"}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := Order(tc.log, dataset, evallog.StringID)
			if tc.wantErr != "" {
				require.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestSplit: of a log's samples, the errored ones and those the operator
// cut short run again, the others are kept at their place in the plan; a
// sample the plan lacks means the log is not of this plan.
func TestSplit(t *testing.T) {
	t.Parallel()
	a, two, c := evallog.StringID("a"), evallog.IntID(2), evallog.StringID("c")
	tests := map[string]struct {
		samples  []evallog.EvalSample
		wantKept map[Key]int
		wantRedo []Key
		wantErr  string
	}{
		"empty log": {},
		"all scored": {samples: []evallog.EvalSample{sample(c, 2, scored), sample(a, 1, scored)},
			wantKept: map[Key]int{{c, 2}: 2, {a, 1}: 0}},
		"errored": {samples: []evallog.EvalSample{sample(a, 1, scored), sample(two, 1, errored)},
			wantKept: map[Key]int{{a, 1}: 0}, wantRedo: []Key{{two, 1}}},
		"cut short by the operator": {samples: []evallog.EvalSample{sample(two, 2, operator), sample(c, 1, scored)},
			wantKept: map[Key]int{{c, 1}: 2}, wantRedo: []Key{{two, 2}}},
		"unplanned sample": {samples: []evallog.EvalSample{sample(evallog.StringID("z"), 1, scored)},
			wantErr: "the log has sample z epoch 1, which the eval does not plan"},
		"epoch beyond the plan": {samples: []evallog.EvalSample{sample(a, 3, scored)},
			wantErr: "the log has sample a epoch 3, which the eval does not plan"},
		"epoch zero": {samples: []evallog.EvalSample{sample(a, 0, scored)},
			wantErr: "the log has sample a epoch 0, which the eval does not plan"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := Split(tc.samples, planIDs(), 2)
			if tc.wantErr != "" {
				require.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			kept := map[Key]int{}
			for _, k := range got.Kept {
				kept[Key{k.Sample.ID, k.Sample.Epoch}] = k.Index
			}
			if tc.wantKept == nil {
				tc.wantKept = map[Key]int{}
			}
			assert.Equal(t, tc.wantKept, kept)
			assert.Equal(t, tc.wantRedo, got.Redo)
		})
	}
}

// TestStateAgain: after a log's samples are added, a sample × epoch runs
// when it is to be redone or the log does not hold it.
func TestStateAgain(t *testing.T) {
	t.Parallel()
	a, two := evallog.StringID("a"), evallog.IntID(2)
	sorted, err := Split([]evallog.EvalSample{sample(a, 1, scored), sample(two, 1, errored)}, planIDs(), 2)
	require.NoError(t, err)
	l := header()
	s := NewState(&l)
	s.Add(sorted)
	tests := map[string]struct {
		key    Key
		logged bool
		want   bool
	}{
		"kept":            {key: Key{a, 1}, logged: true},
		"errored":         {key: Key{two, 1}, logged: true, want: true},
		"not in the log":  {key: Key{a, 2}, want: true},
		"cut off the log": {key: Key{evallog.StringID("c"), 1}, want: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, s.Again(tc.key, tc.logged))
		})
	}
	assert.Equal(t, 1, s.Finished)
	assert.Equal(t, t0, s.Started)
	assert.True(t, NewState(nil).Started.IsZero(), "a merge has no first run")
}
