package resume

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// t0 is when the fixture's first run began.
var t0 = time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)

// header is a log's header as swarmhost run writes it for eval "arith"
// (task "arith_task", two epochs, samples "a", 2 and "c").
func header() evallog.EvalLog {
	return evallog.EvalLog{Eval: evallog.EvalSpec{
		Created: evallog.TimeOf(t0.Add(-time.Second)), Task: "arith_task",
		SolverArgs: map[string]any{"swarm": "pair", "members": []string{"a", "b"}, "controller": "leaderless"},
		Dataset:    evallog.EvalDataset{Name: "arith", Samples: 3, SampleIDs: planIDs()},
		Config:     evallog.EvalConfig{Epochs: 2, EpochsReducer: []string{"mean"}},
		Metadata:   map[string]any{MetaEval: "arith"},
	}, Stats: evallog.EvalStats{StartedAt: evallog.TimeOf(t0)}}
}

// planIDs are the fixture's sample ids, in the log's order.
func planIDs() []evallog.SampleID {
	return []evallog.SampleID{evallog.StringID("a"), evallog.IntID(2), evallog.StringID("c")}
}

// suite is the suite that wrote the fixture's log.
func suite() Suite {
	return Suite{Eval: "arith", Task: "arith_task", Epochs: 2, Reducers: []string{"mean"},
		SolverArgs: map[string]any{"swarm": "pair", "members": []string{"a", "b"}, "controller": "leaderless"},
		Scorers:    []string{"match"}}
}

// sampleHow is how a fixture sample ended.
type sampleHow int

const (
	scored   sampleHow = iota // scored by "match"
	errored                   // ended in error, unscored
	operator                  // cut short by the operator's Ctrl-C, scored
)

// sample is a finished sample of the fixture.
func sample(id evallog.SampleID, epoch int, how sampleHow) evallog.EvalSample {
	s := evallog.EvalSample{ID: id, Epoch: epoch, UUID: id.String() + "-" + string(rune('0'+epoch)),
		Metadata: map[string]any{},
		Store:    evallog.Store{swarm.StoreKeyLedger: map[string]any{"stop_reason": "all_done", "ended_by": nil}},
		Scores:   map[string]evallog.Score{"match": {Value: evallog.NewValue("C")}}}
	switch how {
	case errored:
		s.Scores, s.Error = nil, &evallog.EvalError{Message: "controller failed"}
	case operator:
		s.Store[swarm.StoreKeyLedger] = map[string]any{"stop_reason": nil, "ended_by": swarm.StopOperator}
	}
	return s
}

// writeLog writes a log in format with samples, as a killed host leaves it
// (status started); finish, when not "", finishes it with that status.
func writeLog(t *testing.T, format string, samples []evallog.EvalSample, finish string) string {
	t.Helper()
	w, err := evallog.CreateLog(t.TempDir(), header(), format)
	require.NoError(t, err)
	for _, s := range samples {
		require.NoError(t, w.AddSample(s))
	}
	if finish != "" {
		require.NoError(t, w.Finish(finish, &evallog.EvalResults{}, evallog.EvalStats{StartedAt: evallog.TimeOf(t0)}, nil, nil))
		return w.Path()
	}
	require.NoError(t, w.Close())
	return w.Path()
}

// cutInside truncates the log at path in the middle of sample last, as a
// host killed while appending it leaves the file.
func cutInside(t *testing.T, path string, last evallog.EvalSample) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var at int64
	if evallog.IsEvalFile(path) {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		require.NoError(t, err)
		for _, f := range zr.File {
			if f.Name == fmt.Sprintf("samples/%s_epoch_%d.json", last.ID, last.Epoch) {
				off, err := f.DataOffset()
				require.NoError(t, err)
				at = off + int64(f.CompressedSize64)/2
			}
		}
	} else if i := bytes.LastIndex(data, []byte(`"`+last.UUID+`"`)); i > 0 {
		at = int64(i) + 3
	}
	require.Positive(t, at, "sample %s is in the log", last.UUID)
	require.NoError(t, os.Truncate(path, at))
}
