package study

import (
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// stopContentFilter is the stop reason of an output the provider's content
// filter refused.
const stopContentFilter = "content_filter"

// metricsDoc is what the comparison reads of inspect_swarm:metrics.
type metricsDoc struct {
	NeverActed []string `json:"never_acted"`
	Members    []struct {
		Name string `json:"name"`
		Comm map[string]struct {
			Rejections map[string]int `json:"rejections"`
		} `json:"comm"`
	} `json:"members"`
}

// add reads the sample's signals: the members that never acted (among
// those that started), sends refused by storm controls, content-filter
// stops in its model calls, and members that gave up.
func (sg *Signals) add(s evallog.EvalSample, rec swarm.Record) {
	var m metricsDoc
	if decode(s.Store[swarm.StoreKeyMetrics], &m) {
		for _, name := range m.NeverActed {
			if started(rec, name) {
				sg.NeverActed = append(sg.NeverActed, name)
			}
		}
		for _, mm := range m.Members {
			for _, ch := range mm.Comm {
				for _, n := range ch.Rejections {
					sg.StormRejections += n
				}
			}
		}
	}
	for _, rm := range rec.Members {
		if rm.Status != nil && *rm.Status == swarm.StatusUnsubmitted {
			sg.GaveUp++
		}
	}
	for _, e := range s.Events {
		if refused(e) {
			sg.Refusals++
		}
	}
}

// started reports whether the record shows member name started; a member
// the record does not list counts as started.
func started(rec swarm.Record, name string) bool {
	i := slices.IndexFunc(rec.Members, func(m swarm.RecordMember) bool { return m.Name == name })
	return i < 0 || rec.Members[i].State != swarm.StatePending
}

// refused reports a model event whose output the content filter stopped.
func refused(e evallog.Event) bool {
	var out evallog.ModelOutput
	switch m := e.(type) {
	case evallog.ModelEvent:
		out = m.Output
	case *evallog.ModelEvent:
		out = m.Output
	default:
		return false
	}
	return slices.ContainsFunc(out.Choices, func(c evallog.ChatCompletionChoice) bool { return c.StopReason == stopContentFilter })
}
