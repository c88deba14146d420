package hostside

import (
	"context"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// stackBytes is the runtime's goroutine stack memory.
func stackBytes() float64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	return float64(s[0].Value.Uint64())
}

// BenchmarkMemberStacks reports the goroutine stack memory per member
// while b.N members wait in a host call, host and plugin in one process:
// a blocking member (a goroutine in the plugin as deep as its agent's
// calls) against a Stepper's (none in the plugin). Both include the
// host's goroutine waiting in each member's Run.
//
//	go test -run '^$' -bench MemberStacks -benchtime 2000x ./rpc
func BenchmarkMemberStacks(b *testing.B) {
	calls := []agent.Call{{Generate: &agent.GenerateRequest{Messages: []model.Message{{Role: model.RoleUser, Content: "hi"}}}},
		{Tool: &model.ToolCall{ID: "r", Function: "read_messages", Arguments: map[string]any{"wait_seconds": 120.0}}}}
	for _, tc := range []struct {
		name  string
		agent agent.Agent
	}{{"blocking", runOnlySteps{scriptedSteps{calls: calls}}}, {"steps", scriptedSteps{calls: calls}}} {
		b.Run(tc.name, func(b *testing.B) {
			c := servedAgent(b, tc.agent)
			arrived, release := make(chan struct{}, b.N), make(chan struct{})
			host := &recordingHost{callTool: func(context.Context, model.ToolCall) (agent.ToolResult, error) {
				arrived <- struct{}{}
				<-release
				return agent.ToolResult{}, nil
			}}
			runtime.GC()
			before := stackBytes()
			var wg sync.WaitGroup
			for range b.N {
				wg.Go(func() {
					_ = c.Agent("steps").Run(context.Background(), agent.RunRequest{Host: host}, &agent.RunResponse{})
				})
			}
			for range b.N {
				<-arrived
			}
			runtime.GC()
			b.ReportMetric((stackBytes()-before)/float64(b.N), "stack-B/member")
			close(release)
			wg.Wait()
		})
	}
}

// runOnlySteps hides a Stepper's steps: the SDK runs its Run.
type runOnlySteps struct{ s scriptedSteps }

func (r runOnlySteps) Metadata(ctx context.Context, req agent.MetadataRequest, resp *agent.MetadataResponse) {
	r.s.Metadata(ctx, req, resp)
}

func (r runOnlySteps) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	return r.s.Run(ctx, req, resp)
}
