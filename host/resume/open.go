package resume

import (
	"errors"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// MetaEval is the eval.metadata key naming the suite's eval a log belongs
// to: host/eval writes it into every log's header, [Check] compares it and
// the CLI finds the eval of `run --resume LOG` by it.
const MetaEval = "swarmhost_eval"

// ErrLogComplete is returned by [Open] (and so by host/eval's Run) when the
// log finished with status success: there is nothing to resume.
var ErrLogComplete = errors.New("the log is complete (status success); nothing to resume")

// Open reads the log at path to resume it: either format, up to its last
// complete sample when a crash cut it in the middle of one (the file is not
// changed). A log with status success is [ErrLogComplete]. Errors name the
// path and say what is wrong with the log.
func Open(path string) (*evallog.EvalLog, error) {
	old, _, err := evallog.ReadRepaired(path)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	if old.Status == evallog.StatusSuccess {
		return nil, fmt.Errorf("resume %s: %w", path, ErrLogComplete)
	}
	return old, nil
}

// EvalOf is the suite's eval the log belongs to (eval.metadata's
// [MetaEval]), or "" for a log swarmhost run did not write.
func EvalOf(l *evallog.EvalLog) string {
	name, _ := l.Eval.Metadata[MetaEval].(string)
	return name
}

// Started is when the log's first run began (stats.started_at), or when
// the log was created for a log that does not record it.
func Started(l *evallog.EvalLog) time.Time {
	if t := l.Stats.StartedAt.Time; !t.IsZero() {
		return t
	}
	return l.Eval.Created.Time
}
