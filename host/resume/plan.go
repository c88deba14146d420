package resume

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// Key names one sample × epoch of a log.
type Key struct {
	// ID is the sample's id.
	ID evallog.SampleID
	// Epoch counts from 1.
	Epoch int
}

// Order returns the samples the log plans (ids, its eval.dataset.sample_ids),
// in the log's order, taken from samples by their id (idOf). A log that
// lists no ids, or one naming a sample samples lacks, is an error.
func Order[S any](ids []evallog.SampleID, samples []S, idOf func(S) evallog.SampleID) ([]S, error) {
	if len(ids) == 0 {
		return nil, errors.New("the log lists no sample ids (eval.dataset.sample_ids)")
	}
	byID := make(map[evallog.SampleID]S, len(samples))
	for _, s := range samples {
		byID[idOf(s)] = s
	}
	planned := make([]S, len(ids))
	for i, id := range ids {
		s, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("sample %v of the log is not in the dataset", id)
		}
		planned[i] = s
	}
	return planned, nil
}

// Kept is a sample of the log that the resumed run keeps.
type Kept struct {
	// Index is the sample's position in the plan.
	Index int
	// Sample is the log's entry, kept byte for byte.
	Sample *evallog.EvalSample
}

// Sorted is a log's samples sorted by [Split].
type Sorted struct {
	// Kept are the samples kept, in the log's order.
	Kept []Kept
	// Redo are the samples that run again and replace their entries.
	Redo []Key
}

// Split sorts a log's samples against the plan (the sample ids, in the
// plan's order) and its epoch count: a sample that ended in error or that
// the operator's Ctrl-C cut short runs again; every other one is kept. A
// sample or epoch the plan does not have is an error: the log is not of
// this plan.
func Split(samples []evallog.EvalSample, plan []evallog.SampleID, epochs int) (Sorted, error) {
	index := make(map[evallog.SampleID]int, len(plan))
	for i, id := range plan {
		index[id] = i
	}
	var out Sorted
	for k := range samples {
		s := &samples[k]
		i, ok := index[s.ID]
		if !ok || s.Epoch < 1 || s.Epoch > epochs {
			return Sorted{}, fmt.Errorf("the log has sample %v epoch %d, which the eval does not plan", s.ID, s.Epoch)
		}
		if CutShort(s) || s.Error != nil {
			out.Redo = append(out.Redo, Key{s.ID, s.Epoch})
			continue
		}
		out.Kept = append(out.Kept, Kept{Index: i, Sample: s})
	}
	return out, nil
}

// CutShort reports whether the operator's Ctrl-C ended the sample: its
// ledger's ended_by is the swarm's [swarm.StopOperator].
func CutShort(s *evallog.EvalSample) bool {
	var ledger struct {
		EndedBy *string `json:"ended_by"`
	}
	raw, err := json.Marshal(s.Store[swarm.StoreKeyLedger])
	if err != nil || json.Unmarshal(raw, &ledger) != nil {
		return false
	}
	return ledger.EndedBy != nil && *ledger.EndedBy == swarm.StopOperator
}
