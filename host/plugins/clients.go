package plugins

import (
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// The kinds of plugin, as a [Binary]'s Kind and in a suite's blocks.
const (
	KindAgent      = hostrpc.KindAgent
	KindController = hostrpc.KindController
	KindScorer     = hostrpc.KindScorer
	// KindTask is a task plugin: a task defined outside HCL (an Inspect
	// task), which only the host calls.
	KindTask = hostrpc.KindTask
)

// ProtocolVersion is the plugin protocol this host speaks.
const ProtocolVersion = hostrpc.ProtocolVersion

// lister is what the three clients have in common: one plugin process's
// plugins of a kind, and their config check.
type lister = hostrpc.Lister

// AgentClient is the host's handle on an agent plugin process: Agent(name)
// is the named agent, proxied to the process.
type AgentClient = hostrpc.AgentClient

// ControllerClient is the host's handle on a controller plugin process:
// Controller(name) is the named controller, proxied to the process.
type ControllerClient = hostrpc.ControllerClient

// ScorerClient is the host's handle on a scorer plugin process: Scorer(name)
// is the named scorer, proxied to the process.
type ScorerClient = hostrpc.ScorerClient

// TaskClient is the host's handle on a task plugin process (an Inspect
// task's loader): the task's description, its dataset as a stream of rows,
// each sample's setup steps, the task's own results and the end of a
// sample's state. The same process serves the task's solver (agent
// "solver") and its scorers (scorer "task").
type TaskClient = hostrpc.TaskClient

// TaskRef names a task a task plugin loads: the plugin and its reference
// to the task as JSON.
type TaskRef = hostrpc.TaskRef

// TaskDescription is a task plugin's answer to Describe: the task as JSON,
// or diagnostics saying why it cannot be loaded.
type TaskDescription = hostrpc.TaskDescription

// TaskRow is one dataset row a task plugin streams: its index, and the row
// as JSON or why it cannot be used.
type TaskRow = hostrpc.TaskRow

// TaskSetupRequest asks a task plugin for one sample × epoch's setup.
type TaskSetupRequest = hostrpc.TaskSetupRequest

// TaskSetup is a sample's state after its setup steps.
type TaskSetup = hostrpc.TaskSetup

// TaskToolCall asks a task plugin to run one of the tools a sample's setup
// steps gave it, for a member other than the task's own solver.
type TaskToolCall = hostrpc.TaskToolCall

// TaskHost is what a task plugin's setup steps and task tools reach while
// they run: sandboxes and (setup steps only) the eval's model.
type TaskHost = hostrpc.TaskHost

// ErrNoTaskModel is a [TaskHost]'s Generate error when it offers no model.
var ErrNoTaskModel = hostrpc.ErrNoTaskModel

// TaskResults are a task's own metrics and epoch reductions, as JSON.
type TaskResults = hostrpc.TaskResults

// Controller is a controller plugin as the host's runtime calls it: one
// call per swarm event, keyed by session id (plugin authors implement
// controller.Controller and its sessions instead; the SDK maps each
// session id to the controller.Session its Start returned). What
// [ControllerClient] gives also implements controller.WithChoose,
// controller.WithRefused, [WithEnd], [WithEvents] and swarm.WithRosterHint.
type Controller = hostrpc.Controller

// WithEnd is the optional End of a [Controller]: the run of a session is
// over, and the plugin closes it.
type WithEnd = hostrpc.WithEnd

// WithEvents is the batched Event of a [Controller]: one call delivers
// several queued events of a session, answered one at a time. Every plugin
// process's client has it; an in-process controller may not.
type WithEvents = hostrpc.WithEvents

// EventsRequest is one [WithEvents] call.
type EventsRequest = hostrpc.EventsRequest

// ErrSessionLost is the error (wrapped) of a controller call for a session
// the plugin process does not have open: it was relaunched since the
// session's Start, or the session ended.
var ErrSessionLost = hostrpc.ErrSessionLost

// ScorerReads is what the scorer whose metadata is md reads: every snapshot
// of a scorer.ScoreRequest but those its metadata's capabilities leave out
// (scorer.WithReads). The host builds only what it names.
func ScorerReads(md base.MetadataResponse) scorer.Reads { return hostrpc.ScorerReads(md) }
