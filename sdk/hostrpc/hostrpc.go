// Package hostrpc is the host's half of the swarmhost plugin protocol, for
// swarmhost's own host only: plugin authors never import it (they call
// sdk.Serve, and test with sdk/sdktest).
//
// It is a thin facade over the SDK module's internal packages, in a module
// of its own (sdk/hostrpc/go.mod) so that the SDK's public packages carry
// none of the host's machinery and a plugin that requires the SDK never
// downloads it. Inside the host only package host/plugins imports it: it
// launches plugin binaries with [Handshake], [VersionedPlugins] and
// [DialOptions], dispenses an [AgentClient], [ControllerClient],
// [ScorerClient] or [TaskClient] per process, and hands the rest of the host the plain Go
// interfaces those give ([agent.Agent], [scorer.Scorer], [Controller]).
//
// [agent.Agent]: https://pkg.go.dev/github.com/swarmhost/swarmhost/sdk/agent#Agent
// [scorer.Scorer]: https://pkg.go.dev/github.com/swarmhost/swarmhost/sdk/scorer#Scorer
package hostrpc

import (
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/hostside"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// ProtocolVersion is the plugin protocol the host speaks (go-plugin's
// application protocol version).
const ProtocolVersion = protocol.ProtocolVersion

// Handshake is swarmhost's go-plugin handshake. Its cookie only tells a
// user who runs a plugin by hand that it is a plugin; it is not a security
// measure.
var Handshake = protocol.Handshake

// The plugin kinds, also the names in the go-plugin plugin set.
const (
	KindAgent      = protocol.KindAgent
	KindController = protocol.KindController
	KindScorer     = protocol.KindScorer
	// KindTask is a task defined outside HCL (an Inspect task), served by
	// a task plugin; the host is its only client ([TaskClient]).
	KindTask = protocol.KindTask
)

// PluginTLSEnv is the environment variable in which the host hands a Go
// plugin the one-time certificate and key it is to answer with (the host
// pins that certificate); a plugin that does not read it (a Python plugin)
// does go-plugin's AutoMTLS.
const PluginTLSEnv = protocol.PluginTLSEnv

// MetadataStuck starts the warning a plugin writes to stderr when one of
// its Metadata methods has not returned after a second, before the
// handshake: the host looks for it to name a hang there.
const MetadataStuck = protocol.MetadataStuck

// VersionedPlugins is the plugin set the host dispenses from, for
// go-plugin's ClientConfig.VersionedPlugins. Dispensing a kind yields an
// [AgentClient], a [ControllerClient] or a [ScorerClient].
func VersionedPlugins() map[int]plugin.PluginSet { return hostside.VersionedPlugins() }

// DialOptions are the gRPC dial options for go-plugin's
// ClientConfig.GRPCDialOptions (message size limits, no retry buffering).
func DialOptions() []grpc.DialOption { return protocol.DialOptions() }

// Lister is what the three clients have in common: one plugin process's
// plugins of a kind (their metadata), and a named plugin's check of a
// decoded config.
type Lister = hostside.Lister

// AgentClient is the host's handle on an agent plugin process: its agents'
// metadata and config checks, and each agent as an agent.Agent whose Run
// runs one member in the process.
type AgentClient = hostside.AgentClient

// ControllerClient is the host's handle on a controller plugin process;
// its Controller(name) is a [Controller].
type ControllerClient = hostside.ControllerClient

// ScorerClient is the host's handle on a scorer plugin process; its
// Scorer(name) is a scorer.Scorer.
type ScorerClient = hostside.ScorerClient

// TaskClient is the host's handle on a task plugin process: the task's
// description, its dataset rows as a stream, each sample's setup, the
// task's own results, and the end of a sample's state.
type TaskClient = hostside.TaskClient

// TaskRef names a task a task plugin loads.
type TaskRef = hostside.TaskRef

// TaskDescription is a task plugin's answer to Describe.
type TaskDescription = hostside.TaskDescription

// TaskRow is one dataset row a task plugin streams.
type TaskRow = hostside.TaskRow

// TaskSetupRequest asks a task plugin for one sample × epoch's setup.
type TaskSetupRequest = hostside.TaskSetupRequest

// TaskToolCall asks a task plugin to run one of a sample's task tools.
type TaskToolCall = hostside.TaskToolCall

// TaskHost is what a task plugin's setup steps and task tools reach: the
// sandboxes and (setup steps only) the eval's model.
type TaskHost = hostside.TaskHost

// ErrNoTaskModel is a [TaskHost]'s Generate error when it offers no model.
var ErrNoTaskModel = hostside.ErrNoTaskModel

// TaskSetup is a sample's state after its setup steps.
type TaskSetup = hostside.TaskSetup

// TaskResults are a task's own metrics and epoch reductions.
type TaskResults = hostside.TaskResults

// Controller is a controller plugin as the host calls it: one call per
// swarm event, keyed by session id, the way the wire carries them. The
// client also implements controller.WithChoose, controller.WithRefused,
// [WithEnd], [WithEvents] and RosterChanged(session, changed []int), the
// hint of which roster entries changed since the session's last call.
type Controller = hostside.Controller

// WithEnd is the End of a [Controller]: the run of a session is over.
type WithEnd = hostside.WithEnd

// WithEvents is the batched Event of a [Controller]: several of a
// session's queued events in one call.
type WithEvents = hostside.WithEvents

// EventsRequest is one [WithEvents] call.
type EventsRequest = hostside.EventsRequest

// ErrSessionLost is the error (wrapped) of a controller call for a session
// the plugin process does not have open: it was relaunched, or the session
// ended.
var ErrSessionLost = hostside.ErrSessionLost

// ScorerReads is what the scorer whose metadata is md reads: every
// snapshot of a ScoreRequest but those its capabilities leave out.
func ScorerReads(md base.MetadataResponse) scorer.Reads { return hostside.ScorerReads(md) }
