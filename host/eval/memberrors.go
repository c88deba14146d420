package eval

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/swarm"
)

// allMembersErrored reports whether every member of the sample's record
// ended errored (a run whose agents all failed, e.g. a model they cannot
// reach), which the results table then says.
func allMembersErrored(store map[string]any) bool {
	raw, ok := store[swarm.StoreKeyResult]
	if !ok {
		return false
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return false
	}
	var rec swarm.Record
	if json.Unmarshal(b, &rec) != nil || len(rec.Members) == 0 {
		return false
	}
	for _, m := range rec.Members {
		if m.Status == nil || *m.Status != swarm.StatusErrored {
			return false
		}
	}
	return true
}

// allErroredCount counts the finished samples whose every member errored.
func allErroredCount(results []sampleResult) int {
	n := 0
	for _, r := range results {
		if r.allErrored {
			n++
		}
	}
	return n
}
