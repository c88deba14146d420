package eval

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/swarmhost/swarmhost/host/config"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Plugins gives the eval layer the plugin implementations a suite names.
// host/plugins provides them over gRPC.
type Plugins interface {
	Agent(ctx context.Context, name string) (agent.Agent, error)
	Controller(ctx context.Context, name string) (plugins.Controller, error)
	Scorer(ctx context.Context, name string) (scorer.Scorer, error)
}

// MemberPlugins is implemented by a Plugins that can run an agent in a
// process of its own per member, for members with isolation = "member"
// (members of the same swarm then share no plugin memory).
type MemberPlugins interface {
	MemberAgent(ctx context.Context, name, member string) (agent.Agent, error)
}

// DefaultMaxSamples is how many samples run at once when no member's model
// sets max_connections: Inspect's default connections per model, which is
// also its default max_samples.
const DefaultMaxSamples = hostmodel.DefaultMaxConnections

// Options tune a run.
type Options struct {
	// LogDir receives one log per eval; default "./logs". Ignored with
	// Resume, which writes into the resumed log.
	LogDir string
	// LogFormat is the format of new logs: evallog.FormatEval (Inspect's
	// zip format, the default) or evallog.FormatJSON. A resumed log keeps
	// its own.
	LogFormat string
	// RetryOnError re-runs a sample that errored up to this many times; the
	// earlier attempts' errors are the sample's error_retries.
	RetryOnError int
	// FailOnError says when errored samples fail the eval, as Inspect's
	// --fail-on-error: nil fails on any (the default), 0 never, a fraction
	// below 1 when that share of the samples or more errored, a count of 1
	// or more when that many or more did.
	FailOnError *float64
	// MaxSamples bounds samples run in parallel; 0 is Inspect's default: the
	// largest max_connections of the members' models, else DefaultMaxSamples.
	MaxSamples int
	// Limit runs only the first Limit samples; 0 runs all. With LimitFrom
	// (1-based) it runs samples LimitFrom to Limit, as Inspect's --limit
	// A-B. SampleIDs runs only the samples of those ids. All three are
	// ignored with Resume: the log says which samples the run has.
	Limit, LimitFrom int
	SampleIDs        []string
	// NoLogSamples leaves the samples out of the log (Inspect's
	// --no-log-samples): its header and results only.
	NoLogSamples bool
	// Logger receives host logs; nil discards them.
	Logger hclog.Logger
	// Progress, when set, is called after every finished sample.
	Progress func(Progress)
	// Meter, when set, is kept up to date while the eval runs, for a live
	// display that polls it (see Meter); nil keeps an internal one.
	Meter *Meter
	// Resume is the path of a log of this eval to continue (see resume.go):
	// only the sample × epochs it lacks run, into the same file.
	Resume string
	// Metadata is added to the log's eval.metadata (the CLI records the
	// suite path and --var values there so a log can be resumed alone).
	Metadata map[string]any
	// Shard, when set, runs only that slice of the sample × epochs (shard.go); a resumed shard's
	// log says which slice it is.
	Shard Shard
	// SamplesDone, when set, is called once every sample × epoch of the
	// run has ended and the metrics are computed (a scorer's plugin may
	// compute some), before the log is finished: no plugin is called after
	// it, so the CLI stops the plugins there when this is its last eval and
	// their shutdown overlaps the log's final write.
	SamplesDone func()
}

// Progress reports an eval's advance.
type Progress struct {
	Eval string
	// Done counts finished sample × epochs (resumed ones included) out of
	// Total.
	Done, Total int
	// Active counts sample × epochs running now; Running the members
	// running in them.
	Active, Running int
	// Retries counts the re-runs of errored samples so far.
	Retries int
	// CallsInFlight counts model calls under way (the model connections in
	// use, out of Connections, the sum of the models' caps); CallTokens
	// are the tokens of every model call finished so far, running samples'
	// included.
	CallsInFlight, Connections int
	CallTokens                 int64
	// MetricName and MetricValue are the first scorer's first metric over
	// the samples finished so far ("" before the first).
	MetricName  string
	MetricValue float64
	// Tokens are the total tokens of the finished samples.
	Tokens  int64
	Elapsed time.Duration
}

// Summary is what one eval produced.
type Summary struct {
	Eval string
	Task string
	Log  string
	// Status is the log's: success, error or cancelled.
	Status string
	// Samples counts the sample × epochs in the log, out of Total planned;
	// Resumed of them were already in the log when the run started.
	Samples, Total, Resumed int
	// AllErrored counts the samples in which every member errored.
	AllErrored int
	// Scores are one entry per scorer × reducer, then the gate entry.
	Scores []ScoreSummary
	// Tokens are the total tokens of every sample in the log; Cost their
	// dollars, nil when no model reports a cost.
	Tokens  int64
	Cost    *float64
	Elapsed time.Duration
	Error   string
	// SampleError is the first failed sample's error (in the order they
	// finished), "sample ID epoch N: " and its first line, so the cause
	// is printed with the eval's error; "" when no sample of this run
	// failed.
	SampleError string
}

// ScoreSummary is one scorer × reducer's metrics (one results.scores entry).
type ScoreSummary struct {
	// Name is the scorer's log name (unique within the task); Scorer the
	// plugin, or GateScorer for the gate counts.
	Name   string
	Scorer string
	// Reducer is the epoch reducer as logged; "" with a single epoch and
	// for the gate counts.
	Reducer string
	// Scored counts the (reduced) samples the metrics cover, out of Total.
	Scored, Total int
	Metrics       []scoring.MetricValue
}

// Run runs the named eval of the suite and writes its log. The returned
// error is for failures before any sample ran (bad dataset, plugin start,
// a log that cannot be resumed, resume.ErrLogComplete for one with nothing
// left to run); sample failures are in the summary's status.
func Run(ctx context.Context, suite *config.Suite, plugins Plugins, evalName string, opts Options) (Summary, error) {
	e, err := findEval(suite, evalName)
	if err != nil {
		return Summary{}, err
	}
	r, err := prepare(ctx, suite, e, plugins, opts)
	if err != nil {
		return Summary{Eval: evalName, Status: "error", Error: err.Error()}, err
	}
	defer r.close()
	r.runSamples(ctx)
	r.inspectFinish(ctx) // before the plugins are done: the task plugin computes the metrics
	return r.finish(ctx, opts.SamplesDone)
}

func findEval(suite *config.Suite, name string) (*config.Eval, error) {
	for _, e := range suite.Evals {
		if e.Name == name {
			return e, nil
		}
	}
	return nil, fmt.Errorf("no eval named %q in the suite", name)
}
