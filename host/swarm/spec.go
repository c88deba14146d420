package swarm

import (
	"context"
	"time"

	"github.com/hashicorp/go-hclog"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// DefaultGrace is the soft-stop grace period when a swarm sets none.
const DefaultGrace = 120 * time.Second

// Spec is one swarm, resolved: plugins dispensed, models built.
type Spec struct {
	// Members in roster order.
	Members []Member
	// Controller and its decoded config.
	Controller       plugins.Controller
	ControllerConfig schema.Config
	// Grace is how long stopped members get to return; default DefaultGrace.
	Grace time.Duration
	// Deadline is the sample's time limit, used to clip the grace period;
	// zero means none.
	Deadline time.Time
	// ControllerTimeout bounds each controller call; default 60s.
	ControllerTimeout time.Duration
	// Preamble, when set, builds each member's whole preamble; nil builds
	// the default one ([Preamble.Text]) from the roster, the budget split,
	// the member's sandbox and Channels (or fills PreambleTemplate).
	Preamble func(m Member, rosterSize int) string
	// Channels returns a member's channel instructions, in order; nil gives
	// none.
	Channels func(m Member) []string
	// PreambleTemplate, when set, replaces the default preamble; its
	// placeholders are PreambleFields.
	PreambleTemplate string
	// SharedDirectory says a directory is shared between the members'
	// own sandboxes (the filesystem channel beside per-member sandboxes).
	SharedDirectory bool
	// Gate checks a submission in the member's loop; nil means gate checks
	// are off (Submit answers "not checked").
	Gate func(ctx context.Context, member, answer string) (agent.Verdict, error)
	// Logger receives member logs; nil discards them.
	Logger hclog.Logger
	// Observer is told of every member state change and of the stop; the
	// channels use it to refuse sends to members not running and to wake
	// waiting readers. Nil ignores them.
	Observer Observer
	// Notice, when set, is asked before each of a member's model calls (its
	// turn boundary); a non-empty text is appended to that call's messages
	// as one user-role message (SPEC §7 notices).
	Notice func(member string) string
	// NoticeMessage, when set, is asked instead of Notice and gives the
	// notice as a whole message (with its id, which the channels' evidence
	// names); an empty Content is no notice.
	NoticeMessage func(member string) model.Message
	// Budget holds the swarm caps, the split and the task's per-sample
	// limits (SPEC §6); the zero value has none.
	Budget Budget
	// SampleUsage is what the sample used before the swarm (an Inspect
	// task's setup steps' model calls): it counts toward the sample's
	// limits, as Inspect counts every call of a sample, and not toward the
	// swarm's caps or its ledger.
	SampleUsage model.Usage
	// ContainMemberErrors keeps a member's error to that member: it ends
	// "errored" and the swarm goes on. Off (the default, as Inspect Swarm),
	// a member that errors ends the sample in error: the others are
	// cancelled, there is no answer and the sample is not scored.
	ContainMemberErrors bool
	// Spill, when set, receives the model events' own fields (input,
	// tools, output, config) as they are recorded, and the result's events
	// read them back from it; the caller closes it once they are written.
	// Nil keeps every event in memory.
	Spill *Spill
	// KeepMemberOutputs asks for each member's own output in
	// Result.MemberOutputs, so that each member can be scored alone
	// (per-member scores); off, the result holds the chosen one only.
	KeepMemberOutputs bool
}

// Observer receives the runtime's lifecycle notifications. Calls come from
// many goroutines; implementations must be safe for concurrent use and must
// not call back into the runtime.
type Observer interface {
	// MemberState reports a member's new state ("running", "ended") and, once
	// ended, its status.
	MemberState(member, state, status string)
	// Stopping reports that the swarm began to stop, with the reason.
	Stopping(reason string)
}

// Member is one roster entry.
type Member struct {
	// Name is the roster name.
	Name string
	// Role is "" when none.
	Role string
	// AgentName is the agent plugin's name.
	AgentName string
	// Index is the 1-based copy index within its member block.
	Index int
	Agent agent.Agent
	// Config is the member's decoded `config` block.
	Config schema.Config
	// Model answers the member's generate calls; nil refuses them.
	Model hostmodel.Provider
	// Tools serves the member's tool calls; nil offers none.
	Tools Tools
	// Sandbox names the member's own sandbox; "" when it shares the sample's.
	Sandbox string
	// Sandboxes serves the member's sandbox calls (agent.SandboxHost); nil
	// serves none.
	Sandboxes Sandboxes
	// Limits are the member's own limits, fresh for each run.
	Limits Limits
	// Price is the member's model's price (dollars per million tokens);
	// nil when unpriced. A priced provider also reports each call's cost.
	Price *hostmodel.Price
}

// Tools serves one member's tool calls (sandbox and channel tools).
type Tools interface {
	List() []model.ToolInfo
	Call(ctx context.Context, call model.ToolCall) (content string, toolErr *model.ToolError)
}

// Sample is what the swarm works on.
type Sample struct {
	ID    string
	Epoch int
	Input []model.Message
	// Metadata is the sample's metadata, which every member's RunRequest
	// carries (as Inspect's agents see it on their TaskState).
	Metadata map[string]any
}

// Hooks let the caller watch a run. Every hook is called in order, never
// concurrently with itself.
type Hooks struct {
	// OnStart is called once, before the controller starts, with a view
	// of the run's record: what a caller that needs the latest record
	// (when a gate check or the display asks) uses.
	OnStart func(View)
	// OnRunning is called with the latest number of running members when it
	// may have changed (changes close together can be reported as one; the
	// last call of a run says 0).
	OnRunning func(running int)
	// OnRecord is called with every new version of the record. Each call
	// snapshots every member, O(N) per change and O(N²) per run: for tests
	// and tools that need the record's history of small swarms.
	OnRecord func(Record)
}

// Sandboxes reaches one member's sandboxes directly, for agents that bring
// their own sandbox API (agent.SandboxHost): the same sandboxes, limits and
// views as the member's tools.
type Sandboxes interface {
	// Names lists them: the member's own (or the sample's) first, as "".
	Names() []string
	Exec(ctx context.Context, req agent.ExecRequest) (agent.ExecResult, error)
	ReadFile(ctx context.Context, sandbox, path string) ([]byte, error)
	WriteFile(ctx context.Context, sandbox, path string, content []byte) error
}
