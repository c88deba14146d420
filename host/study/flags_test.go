package study

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFlagsHandComputed sets one signal of each kind on chosen attempts of
// handArms and checks each flag's count and attempts; kinds with nothing
// to report are left out.
func TestFlagsHandComputed(t *testing.T) {
	t.Parallel()
	r := compareHand(t, func(arms []*Arm) {
		s1, s2 := &arms[0].Samples[0].Attempts[0], &arms[0].Samples[1].Attempts[0]
		s1.Signals = Signals{NeverActed: []string{"m2", "m3"}, StormRejections: 4, Refusals: 1, GaveUp: 1, Errored: true}
		s2.Signals = Signals{Refusals: 2, Provisional: true}
		s2.Cost.Unpriced, s2.Cost.Complete = 3, false
		base := &arms[1].Samples[2].Attempts[3]
		base.Cost = Cost{Tokens: 100} // no ledger
	})
	type flag struct {
		Count    int
		Attempts []string
	}
	got := map[string]flag{}
	for _, f := range r.Flags {
		got[f.Arm+" "+string(f.Kind)] = flag{f.Count, f.Attempts}
	}
	assert.Equal(t, map[string]flag{
		"swarm never_acted":       {2, []string{"s1#1"}},         // two members in one attempt
		"swarm message_storm":     {4, []string{"s1#1"}},         // four refused sends
		"swarm refusal":           {3, []string{"s1#1", "s2#1"}}, // 1 + 2 content-filter stops
		"swarm gave_up":           {1, []string{"s1#1"}},
		"swarm errored":           {1, []string{"s1#1"}},
		"swarm provisional":       {1, []string{"s2#1"}},
		"swarm unpriced_calls":    {3, []string{"s2#1"}},
		"swarm incomplete_ledger": {1, []string{"s2#1"}},
		"attempts no_ledger":      {1, []string{"s3#4"}},
	}, got)
	var complete int
	for _, c := range r.Costs {
		if c.Arm == "swarm" {
			complete = c.Complete
		}
	}
	assert.Equal(t, 2, complete, "s1 and s3's ledgers are complete")
}
