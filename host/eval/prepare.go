package eval

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/swarmhost/swarmhost/host/agenttools"
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/resume"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// evalRun is one eval in progress.
type evalRun struct {
	suite   *config.Suite
	e       *config.Eval
	task    *config.Task
	sw      *config.Swarm
	opts    Options
	log     hclog.Logger
	started time.Time

	members []swarm.Member
	ctrl    plugins.Controller
	scorers []scorerRun
	// models are the providers built so far, by model block, shared by
	// members and scorers (see model).
	models map[string]hostmodel.Provider
	// plan is the samples the eval runs, in its order: their ids and
	// positions for the whole eval, not their rows, which source streams
	// again when they run (feed.go); planAt maps a position to its plan
	// index.
	plan   []dataset.Entry
	planAt map[int]int
	source rowSource
	// rows counts the rows held (feed.go).
	rows rowGauge
	// needMeta are the resumed log's kept results still without their
	// sample's metadata, by plan index (indexes into results).
	needMeta map[int][]int
	// file is the task's dataset file, nil for other datasets; rowsAt reads
	// its rows alone when the plan is out of file order (feedAt).
	file   *fileDataset
	rowsAt *dataset.Rows
	// feedErr is why the rows stopped coming before every job was queued.
	feedErr error
	// seed is the shuffle seed drawn when the dataset sets none, recorded
	// in the log so the order can be reproduced.
	seed *int64
	// sandboxes is the run's sandbox provider; extra those of an Inspect
	// task's samples that bring their own (inspectsandbox.go).
	sandboxes sandbox.Provider
	extra     sampleProviders
	root      string
	writer    evallog.LogWriter

	mu      sync.Mutex
	results []sampleResult
	usage   map[string]evallog.ModelUsage

	// meter counts progress for live displays (progress.go).
	meter *Meter
	// resumed is set when the run continues a log (resume.go).
	resumed *resume.State
	// inspect links an Inspect task to its task plugin (inspecttask.go);
	// nil for other tasks.
	inspect *inspectRun
	// sbOnce guards memberSandboxes' answer (sandboxes.go).
	sbOnce  sync.Once
	sbOwn   bool
	sbNames map[string]string
}

// scorerRun is one of the task's scorers, dispensed.
type scorerRun struct {
	// name is the scorer's name in the log: the plugin name, made unique
	// as Inspect does (see uniqueName).
	name   string
	cfg    *config.Scorer
	impl   scorer.Scorer
	config schema.Config
	// model serves the scorer's model calls: the block its `model` names;
	// nil when it names none.
	model hostmodel.Provider
	// omits is what its requests leave out (see scorerOmits).
	omits scorer.Reads
	// declared are the metrics the plugin declares for its config (an
	// Inspect scorer's own); nil when it declares none.
	declared *scoring.MetricSet
	// computeMetric computes, in the plugin, a metric the host does not
	// have (an Inspect scorer's custom @metric); nil when it cannot.
	computeMetric scoring.MetricComputer
	// member is set on a summary of another scorer's member scores
	// (best_member, mean_member), which has no plugin (memberscores.go).
	member *memberColumn
}

func prepare(ctx context.Context, suite *config.Suite, e *config.Eval, plugins Plugins, opts Options) (*evalRun, error) {
	if opts.Logger == nil {
		opts.Logger = hclog.NewNullLogger()
	}
	if opts.LogDir == "" {
		opts.LogDir = "logs"
	}
	if err := opts.Shard.check(); err != nil {
		return nil, fmt.Errorf("eval %s: %w", e.Name, err)
	}
	r := &evalRun{suite: suite, e: e, task: suite.Tasks[e.Task], sw: suite.Swarms[e.Swarm], opts: opts,
		log: opts.Logger.Named(e.Name), started: time.Now(), usage: map[string]evallog.ModelUsage{},
		meter: opts.Meter}
	if r.meter == nil {
		r.meter = &Meter{}
	}
	if r.opts.MaxSamples <= 0 {
		r.opts.MaxSamples = r.defaultMaxSamples()
	}
	steps := []func(context.Context, Plugins) error{r.prepareInspect, r.prepareMembers, r.prepareController,
		r.prepareScorers, r.prepareMemberColumns, r.prepareDataset, r.prepareShard, r.prepareSandbox,
		r.prepareSampleSandboxes, r.prepareLog}
	for _, step := range steps {
		if err := step(ctx, plugins); err != nil {
			r.close()
			return nil, fmt.Errorf("eval %s: %w", e.Name, err)
		}
	}
	return r, nil
}

// defaultMaxSamples is Inspect's default max_samples, the model's
// max_connections, for a swarm: the largest among its members' models (an
// unset one counts as DefaultMaxSamples), and DefaultMaxSamples without
// any.
func (r *evalRun) defaultMaxSamples() int {
	n := 0
	for _, entry := range r.sw.Roster {
		c := DefaultMaxSamples
		if m := r.suite.Models[entry.Member.Model]; m != nil && m.MaxConnections != nil && *m.MaxConnections > 0 {
			c = int(*m.MaxConnections)
		}
		n = max(n, c)
	}
	if n == 0 {
		return DefaultMaxSamples
	}
	return n
}

// prepareMembers builds the roster with each member's agent and model.
func (r *evalRun) prepareMembers(ctx context.Context, plugins Plugins) error {
	for _, entry := range r.sw.Roster {
		m := entry.Member
		if err := agenttools.Check(m.Tools); err != nil {
			return fmt.Errorf("member %s: %w", entry.Name, err)
		}
		a, err := memberAgent(ctx, plugins, m, entry.Name)
		if err != nil {
			return fmt.Errorf("member %s: %w", entry.Name, err)
		}
		provider, err := r.model(r.modelCache(), m.Model)
		if err != nil {
			return fmt.Errorf("member %s: %w", entry.Name, err)
		}
		cfg, err := r.memberConfig(m)
		if err != nil {
			return fmt.Errorf("member %s: %w", entry.Name, err)
		}
		r.members = append(r.members, swarm.Member{Name: entry.Name, Role: m.Role, AgentName: m.Plugin,
			Index: entry.Index, Agent: a, Config: schema.NewConfig(cfg), Model: provider})
	}
	return nil
}

func (r *evalRun) prepareController(ctx context.Context, plugins Plugins) error {
	c, err := plugins.Controller(ctx, r.sw.Controller.Plugin)
	if err != nil {
		return fmt.Errorf("controller %s: %w", r.sw.Controller.Plugin, err)
	}
	r.ctrl = c
	return nil
}

func (r *evalRun) prepareScorers(ctx context.Context, plugins Plugins) error {
	for _, sc := range r.task.Scorers {
		impl, err := plugins.Scorer(ctx, sc.Plugin)
		if err != nil {
			return fmt.Errorf("scorer %s: %w", sc.Plugin, err)
		}
		provider, err := r.model(r.modelCache(), sc.Model)
		if err != nil {
			return fmt.Errorf("scorer %s: %w", sc.Plugin, err)
		}
		name := sc.Plugin
		if sc.Name != "" {
			name = sc.Name
		}
		run := scorerRun{name: uniqueName(name, r.scorerNames()), cfg: sc, impl: impl,
			config: schema.NewConfig(sc.Config), model: provider, omits: scorerOmits(ctx, impl)}
		if err := declareMetrics(ctx, &run); err != nil {
			return fmt.Errorf("scorer %s: %w", sc.Plugin, err)
		}
		r.scorers = append(r.scorers, run)
	}
	return nil
}

func (r *evalRun) prepareSandbox(ctx context.Context, _ Plugins) error {
	root, err := os.MkdirTemp("", "swarmhost-"+r.e.Name+"-")
	if err != nil {
		return fmt.Errorf("sandbox root: %w", err)
	}
	r.root = root
	r.sandboxes, err = r.newProvider(ctx, root)
	return err
}

// close removes the eval's sandboxes and releases the log writer (a no-op
// once the log is finished; the file stays as written).
func (r *evalRun) close() {
	if r.sandboxes != nil {
		_ = r.sandboxes.Close()
	}
	r.closeSampleProviders()
	if r.root != "" {
		_ = os.RemoveAll(r.root)
	}
	if r.writer != nil {
		_ = r.writer.Close()
	}
	if r.rowsAt != nil {
		_ = r.rowsAt.Close()
	}
}

// memberAgent dispenses a member's agent: from the binary's shared process,
// or from a process of its own with isolation = "member".
func memberAgent(ctx context.Context, plugins Plugins, m *config.Member, name string) (agent.Agent, error) {
	if m.Isolation != config.IsolationMember {
		return plugins.Agent(ctx, m.Plugin)
	}
	mp, ok := plugins.(MemberPlugins)
	if !ok {
		return nil, fmt.Errorf("isolation = %q needs a plugin source that starts a process per member", m.Isolation)
	}
	return mp.MemberAgent(ctx, m.Plugin, name)
}
