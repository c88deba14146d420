package hostside

import (
	"context"
	"errors"
	"io"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/diag"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// TaskRef names a task a task plugin loads: the plugin's name and its
// reference to the task as JSON (for Inspect tasks {"spec", "args",
// "cli_args", "base_dir"}).
type TaskRef struct {
	Plugin string
	Ref    []byte
}

// TaskDescription is a task plugin's answer to Describe: the task's
// description as JSON (its shape is the plugin's: host/inspecttask reads
// an Inspect task's), or the diagnostics saying why it cannot be loaded.
type TaskDescription struct {
	JSON        []byte
	Diagnostics diag.Diagnostics
}

// TaskRow is one dataset row: its 0-based index, and the row as JSON (an
// object with Inspect's field names) or why it cannot be used.
type TaskRow struct {
	Index int64
	JSON  []byte
	Error string
}

// TaskSetupRequest asks for one sample × epoch's setup steps.
type TaskSetupRequest struct {
	Task TaskRef
	// Index is the row's index in the dataset, SampleID and Epoch the
	// sample × epoch.
	Index    int64
	SampleID string
	Epoch    int
	// Host is what the setup steps reach (the sample's sandboxes, the
	// eval's model) while Setup runs; nil reaches none.
	Host TaskHost
}

// TaskToolCall asks a task plugin to run one of the tools the setup steps
// gave a sample × epoch, for a member other than the task's own solver.
type TaskToolCall struct {
	Task     TaskRef
	SampleID string
	Epoch    int
	// Member is the calling member's name.
	Member string
	Call   model.ToolCall
	// Host is what the tool reaches (the member's sandboxes) while it runs;
	// nil reaches none.
	Host TaskHost
}

// TaskSetup is the sample's state after its setup steps.
type TaskSetup struct {
	// Messages are the conversation after the setup steps: the swarm's input.
	Messages []model.Message
	// Metadata and Store are the sample's metadata and store, as JSON objects.
	Metadata []byte
	Store    []byte
	// Tools are the tools the setup steps gave the sample.
	Tools []model.ToolInfo
}

// TaskResults are the task's own metrics and epoch reductions, as JSON:
// Inspect's EvalResults and list of EvalSampleReductions.
type TaskResults struct {
	Results    []byte
	Reductions []byte
}

// TaskClient is the host's handle on a task plugin process (plugin kind
// "task"). Plugin authors do not implement it: a task plugin serves the
// Task service of sdk/proto/swarmhost/v1/task.proto (the Inspect task
// plugin, plugins-python/inspect-task, is one).
type TaskClient interface {
	Lister
	// Describe loads the task and describes it.
	Describe(ctx context.Context, t TaskRef) (TaskDescription, error)
	// Samples calls fn with every dataset row, in order, as the plugin
	// streams them; an error from fn stops the stream and is returned.
	Samples(ctx context.Context, t TaskRef, fn func(TaskRow) error) error
	// Setup runs one sample × epoch's setup steps; the plugin keeps the
	// sample's state until End.
	Setup(ctx context.Context, req TaskSetupRequest) (TaskSetup, error)
	// Results computes the task's metrics and reductions over every
	// sample's scores (scores: the plugin's JSON), samples planned.
	Results(ctx context.Context, t TaskRef, scores []byte, samples int) (TaskResults, error)
	// End drops one sample × epoch's state and returns its store as JSON.
	End(ctx context.Context, t TaskRef, sampleID string, epoch int) ([]byte, error)
	// CallTool runs one of a sample's task tools; a tool's own failure is
	// the result's Error, as for the host's tools.
	CallTool(ctx context.Context, req TaskToolCall) (agent.ToolResult, error)
}

// taskPlugin dispenses a task process's client; the SDK has no Go server
// for the kind (task plugins are Python: plugins-python/inspect-task).
type taskPlugin struct{ clientOnly }

func (taskPlugin) GRPCClient(_ context.Context, b *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	client := pb.NewTaskClient(c)
	tc := &taskClient{kindClient: kindClient{kind: protocol.KindTask, rpc: client}, client: client,
		hosts: newRegistry[TaskHost]()}
	tc.svc = &hostService{broker: b, register: func(s *grpc.Server) {
		pb.RegisterTaskHostServer(s, &taskHostServer{hosts: tc.hosts})
	}}
	return tc, nil
}

// taskClient is TaskClient over gRPC.
type taskClient struct {
	kindClient
	client pb.TaskClient
	// hosts are the TaskHosts of the setup and tool calls in flight, by
	// token, served under svc's broker id.
	hosts *registry[TaskHost]
	svc   *hostService
}

// withHost registers h for one call: its broker id and token (0 and ""
// for nil), and the function that ends the registration.
func (c *taskClient) withHost(h TaskHost) (uint32, string, func()) {
	if h == nil {
		return 0, "", func() {}
	}
	token := c.hosts.add(h)
	return c.svc.brokerID(), token, func() { c.hosts.remove(token) }
}

func taskRefToProto(t TaskRef) *pb.TaskRef { return &pb.TaskRef{Plugin: t.Plugin, RefJson: t.Ref} }

func (c *taskClient) Describe(ctx context.Context, t TaskRef) (TaskDescription, error) {
	resp, err := c.client.Describe(ctx, &pb.DescribeRequest{Task: taskRefToProto(t)})
	if err != nil {
		return TaskDescription{}, protocol.CallError("task describe", err)
	}
	return TaskDescription{JSON: resp.DescriptionJson, Diagnostics: wire.DiagsFromProto(resp.Diagnostics)}, nil
}

func (c *taskClient) Samples(ctx context.Context, t TaskRef, fn func(TaskRow) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := c.client.Samples(ctx, &pb.SamplesRequest{Task: taskRefToProto(t)})
	if err != nil {
		return protocol.CallError("task samples", err)
	}
	for {
		row, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return protocol.CallError("task samples", err)
		}
		if err := fn(TaskRow{Index: row.Index, JSON: row.RowJson, Error: row.Error}); err != nil {
			return err
		}
	}
}

func (c *taskClient) Setup(ctx context.Context, req TaskSetupRequest) (TaskSetup, error) {
	id, token, done := c.withHost(req.Host)
	defer done()
	resp, err := c.client.Setup(ctx, &pb.SetupRequest{Task: taskRefToProto(req.Task), Index: req.Index,
		Sample: &pb.SampleRef{Id: req.SampleID, Epoch: int32(req.Epoch)}, HostBrokerId: id, HostToken: token})
	if err != nil {
		return TaskSetup{}, protocol.CallError("task setup", err)
	}
	return TaskSetup{Messages: wire.MessagesFromProto(resp.Messages), Metadata: resp.MetadataJson,
		Store: resp.StoreJson, Tools: wire.ToolsFromProto(resp.Tools)}, nil
}

func (c *taskClient) Results(ctx context.Context, t TaskRef, scores []byte, samples int) (TaskResults, error) {
	resp, err := c.client.Results(ctx, &pb.ResultsRequest{Task: taskRefToProto(t), ScoresJson: scores,
		Samples: int64(samples)})
	if err != nil {
		return TaskResults{}, protocol.CallError("task results", err)
	}
	return TaskResults{Results: resp.ResultsJson, Reductions: resp.ReductionsJson}, nil
}

func (c *taskClient) End(ctx context.Context, t TaskRef, sampleID string, epoch int) ([]byte, error) {
	resp, err := c.client.End(ctx, &pb.EndRequest{Task: taskRefToProto(t),
		Sample: &pb.SampleRef{Id: sampleID, Epoch: int32(epoch)}})
	if err != nil {
		return nil, protocol.CallError("task end", err)
	}
	return resp.StoreJson, nil
}

func (c *taskClient) CallTool(ctx context.Context, req TaskToolCall) (agent.ToolResult, error) {
	id, token, done := c.withHost(req.Host)
	defer done()
	resp, err := c.client.CallTool(ctx, &pb.TaskCallToolRequest{Task: taskRefToProto(req.Task),
		Sample: &pb.SampleRef{Id: req.SampleID, Epoch: int32(req.Epoch)}, Member: req.Member,
		Call: wire.ToolCallToProto(req.Call), HostBrokerId: id, HostToken: token})
	if err != nil {
		return agent.ToolResult{}, protocol.CallError("task tool "+req.Call.Function, err)
	}
	res := agent.ToolResult{Content: resp.Content}
	if resp.Error != nil {
		res.Error = &model.ToolError{Type: resp.Error.Type, Message: resp.Error.Message}
	}
	return res, nil
}
