package eval

import (
	"github.com/swarmhost/swarmhost/host/evallog"
)

// mergedHeader is shard 0's header as one run's: fresh eval and task ids, the earliest creation
// time, no shard in the metadata; the run id is kept when every shard has the same.
func mergedHeader(shards []shardLog) evallog.EvalLog {
	h := *shards[0].log
	h.Samples, h.Reductions, h.Results, h.Error, h.Tags, h.Metadata = nil, nil, nil, nil, nil, nil
	h.Eval.EvalID, h.Eval.TaskID = "", ""
	md := map[string]any{}
	for k, v := range h.Eval.Metadata {
		if k != MetaShard {
			md[k] = v
		}
	}
	h.Eval.Metadata = md
	for _, s := range shards {
		if s.log.Eval.RunID != h.Eval.RunID {
			h.Eval.RunID = ""
		}
		if s.log.Eval.Created.Before(h.Eval.Created.Time) {
			h.Eval.Created = s.log.Eval.Created
		}
	}
	start, _ := span(shards)
	h.Stats = evallog.EvalStats{StartedAt: start}
	return h
}

// mergedFormat is the format the merged log is written in: shard 0's (.eval or .json).
func mergedFormat(shards []shardLog) string {
	if evallog.IsEvalFile(shards[0].path) {
		return evallog.FormatEval
	}
	return evallog.FormatJSON
}

// shardPaths are the shards' log paths, in shard order.
func shardPaths(shards []shardLog) []string {
	out := make([]string, len(shards))
	for i, s := range shards {
		out[i] = s.path
	}
	return out
}

// span is the time the shards ran in: from the first shard's start to the
// last one's completion.
func span(shards []shardLog) (start, end evallog.Time) {
	start, end = shards[0].log.Stats.StartedAt, shards[0].log.Stats.CompletedAt
	for _, s := range shards[1:] {
		if st := s.log.Stats; st.StartedAt.Before(start.Time) {
			start = st.StartedAt
		}
		if st := s.log.Stats; st.CompletedAt.After(end.Time) {
			end = st.CompletedAt
		}
	}
	return start, end
}
