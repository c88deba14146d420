package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestRun(t *testing.T) {
	t.Parallel()
	refused := func(cause string) error { return &agent.RefusedError{Cause: cause} }
	tests := map[string]struct {
		steps  []map[string]any
		member string
		index  int
		// host builds the fake host; nil means okHost.
		host func(*recorder) *sdktest.AgentHost
		// want is the completion; wantErr, when set, is a substring of
		// the error and want is ignored.
		want      string
		wantModel string
		wantErr   []string
		calls     []string
		tools     []model.ToolCall
		answers   []string
		exits     []int
	}{
		"no steps returns an empty completion": {},
		"running out of steps returns an empty completion": {
			steps: []map[string]any{step("write_file", "path", "out.txt", "content", "x")},
			calls: []string{"call_tool:write_file"},
			tools: []model.ToolCall{{ID: "write_file", Function: "write_file",
				Arguments: map[string]any{"path": "out.txt", "content": "x"}}},
		},
		"give_up returns an output that stopped for model_length": {
			steps: []map[string]any{step("give_up", "message", "too long")},
			want:  "too long",
		},
		"stop_self tells the host, then returns": {
			steps: []map[string]any{step("stop_self", "message", "enough"), step("submit", "answer", "never")},
			calls: []string{"stop_self"},
		},
		"sleep then submit": {
			steps: []map[string]any{step("sleep", "duration", "1ms"), step("submit", "answer", "done")},
			want:  "done", calls: []string{"submit"}, answers: []string{"done"},
		},
		"sleep for a duration with placeholders": {
			steps: []map[string]any{step("sleep", "duration", "{index}ms"), step("submit", "answer", "done")},
			index: 2, want: "done", calls: []string{"submit"}, answers: []string{"done"},
		},
		"a duration bad once replaced is an error": {
			steps:   []map[string]any{step("sleep", "duration", "{member}s")},
			member:  "m",
			wantErr: []string{`sleep: duration "ms" is not a duration`},
		},
		"generate makes one model call": {
			steps:     []map[string]any{step("generate", "prompt", "hello"), step("submit", "answer", "42")},
			want:      "42",
			wantModel: "fake-model",
			calls:     []string{"generate", "submit"},
			answers:   []string{"42"},
		},
		"write_file calls the write_file tool": {
			steps: []map[string]any{step("write_file", "path", "out.txt", "content", "x"), step("submit", "answer", "a")},
			want:  "a", calls: []string{"call_tool:write_file", "submit"}, answers: []string{"a"},
			tools: []model.ToolCall{{ID: "write_file", Function: "write_file",
				Arguments: map[string]any{"path": "out.txt", "content": "x"}}},
		},
		"exec calls the exec tool": {
			steps: []map[string]any{step("exec", "command", []string{"sh", "-c", "ls"})},
			calls: []string{"call_tool:exec"},
			tools: []model.ToolCall{{ID: "exec", Function: "exec",
				Arguments: map[string]any{"command": []any{"sh", "-c", "ls"}}}},
		},
		"exec and write_file in a visible sandbox": {
			steps: []map[string]any{step("exec", "command", []string{"ls"}, "sandbox", "db"),
				step("write_file", "path", "f", "content", "x", "sandbox", "db")},
			calls: []string{"call_tool:exec", "call_tool:write_file"},
			tools: []model.ToolCall{{ID: "exec", Function: "exec", Arguments: map[string]any{"command": []any{"ls"}, "sandbox": "db"}},
				{ID: "write_file", Function: "write_file", Arguments: map[string]any{"path": "f", "content": "x", "sandbox": "db"}}},
		},
		"send to all calls send_message": {
			steps: []map[string]any{step("send", "to", "all", "message", "hi")},
			calls: []string{"call_tool:send_message"},
			tools: []model.ToolCall{{ID: "send_message", Function: "send_message",
				Arguments: map[string]any{"to": "all", "message": "hi"}}},
		},
		"send to a list of members": {
			steps: []map[string]any{step("send", "to", []string{"a", "b"}, "message", "hi")},
			calls: []string{"call_tool:send_message"},
			tools: []model.ToolCall{{ID: "send_message", Function: "send_message",
				Arguments: map[string]any{"to": []any{"a", "b"}, "message": "hi"}}},
		},
		"read calls read_messages with the wait in seconds": {
			steps: []map[string]any{step("read", "wait", "1500ms")},
			calls: []string{"call_tool:read_messages"},
			tools: []model.ToolCall{{ID: "read_messages", Function: "read_messages",
				Arguments: map[string]any{"wait_seconds": 1.5}}},
		},
		"read without wait does not wait": {
			steps: []map[string]any{step("read")},
			calls: []string{"call_tool:read_messages"},
			tools: []model.ToolCall{{ID: "read_messages", Function: "read_messages",
				Arguments: map[string]any{"wait_seconds": 0.0}}},
		},
		"submit returns its answer and runs no later step": {
			steps:   []map[string]any{step("submit", "answer", "42"), step("write_file", "path", "late.txt")},
			want:    "42",
			calls:   []string{"submit"},
			answers: []string{"42"},
		},
		"submit expands member and index": {
			steps:   []map[string]any{step("submit", "answer", "42 from {member} ({index}) {member}")},
			member:  "solver-3",
			index:   3,
			want:    "42 from solver-3 (3) solver-3",
			calls:   []string{"submit"},
			answers: []string{"42 from solver-3 (3) solver-3"},
		},
		"fail ends the member with its message": {
			steps:   []map[string]any{step("fail", "message", "boom"), step("submit", "answer", "late")},
			wantErr: []string{"step 1 (fail)", "boom"},
		},
		"crash exits the process": {
			steps:   []map[string]any{step("generate"), step("crash"), step("submit", "answer", "late")},
			wantErr: []string{"crash"},
			calls:   []string{"generate"},
			exits:   []int{2},
		},
		"failed gate with continue_on_fail goes on until the gate passes": {
			steps: []map[string]any{
				step("submit", "answer", "wrong", "continue_on_fail", true),
				step("write_file", "path", "notes.txt", "content", "try again"),
				step("submit", "answer", "right", "continue_on_fail", true),
				step("write_file", "path", "late.txt"),
			},
			host: func(r *recorder) *sdktest.AgentHost {
				h := okHost(r)
				h.SubmitFunc = r.gate
				return h
			},
			want:    "right",
			calls:   []string{"submit", "call_tool:write_file", "submit"},
			answers: []string{"wrong", "right"},
			tools: []model.ToolCall{{ID: "write_file", Function: "write_file",
				Arguments: map[string]any{"path": "notes.txt", "content": "try again"}}},
		},
		"failed gate without continue_on_fail returns the answer": {
			steps: []map[string]any{step("submit", "answer", "wrong"), step("write_file", "path", "late.txt")},
			host: func(r *recorder) *sdktest.AgentHost {
				h := okHost(r)
				h.SubmitFunc = r.gate
				return h
			},
			want: "wrong", calls: []string{"submit"}, answers: []string{"wrong"},
		},
		"unchecked gate with continue_on_fail returns the answer": {
			steps: []map[string]any{
				step("submit", "answer", "wrong", "continue_on_fail", true),
				step("write_file", "path", "late.txt"),
			},
			want: "wrong", calls: []string{"submit"}, answers: []string{"wrong"},
		},
		"failed gate with continue_on_fail as the last step runs out of steps": {
			steps: []map[string]any{step("submit", "answer", "wrong", "continue_on_fail", true)},
			host: func(r *recorder) *sdktest.AgentHost {
				h := okHost(r)
				h.SubmitFunc = r.gate
				return h
			},
			want: "", calls: []string{"submit"}, answers: []string{"wrong"},
		},
		"refused generate returns at once": {
			steps: []map[string]any{
				step("generate", "prompt", "hello"),
				step("write_file", "path", "late.txt"),
				step("submit", "answer", "late"),
			},
			host: func(r *recorder) *sdktest.AgentHost {
				h := okHost(r)
				h.GenerateFunc = func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
					return agent.GenerateResponse{}, refused("member_limit:token")
				}
				return h
			},
			wantErr: []string{"step 1 (generate)", "refused", "member_limit:token"},
			calls:   []string{"generate"},
		},
		"refused tool call returns at once": {
			steps: []map[string]any{step("send", "to", "all", "message", "hi"), step("submit", "answer", "late")},
			host: func(r *recorder) *sdktest.AgentHost {
				h := okHost(r)
				h.CallToolFunc = func(context.Context, model.ToolCall) (agent.ToolResult, error) {
					return agent.ToolResult{}, refused("stopped")
				}
				return h
			},
			wantErr: []string{"refused", "stopped"},
			calls:   []string{"call_tool:send_message"},
		},
		"submit error fails the member": {
			steps: []map[string]any{step("submit", "answer", "42"), step("write_file", "path", "late.txt")},
			host: func(r *recorder) *sdktest.AgentHost {
				h := okHost(r)
				h.SubmitFunc = func(context.Context, string) (agent.Verdict, error) {
					return agent.Verdict{}, errors.New("scorer unavailable")
				}
				return h
			},
			wantErr: []string{"step 1 (submit)", "scorer unavailable"},
			calls:   []string{"submit"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			newHost := tc.host
			if newHost == nil {
				newHost = okHost
			}
			host := newHost(rec)
			resp, err := runScripted(t, context.Background(), rec, agent.RunRequest{
				Member: tc.member, Index: tc.index, Config: steps(t, tc.steps...), Host: host,
			})
			if tc.wantErr != nil {
				require.Error(t, err)
				for _, s := range tc.wantErr {
					assert.Contains(t, err.Error(), s)
				}
			} else {
				require.NoError(t, err)
				assert.Equal(t, tc.want, resp.Output.Completion)
				assert.Equal(t, tc.want, resp.Output.Message.Content)
				assert.Equal(t, model.RoleAssistant, resp.Output.Message.Role)
				assert.Equal(t, tc.wantModel, resp.Output.Model)
			}
			assert.Equal(t, tc.calls, host.Calls())
			assert.Equal(t, tc.tools, rec.tools)
			assert.Equal(t, tc.answers, rec.answers)
			assert.Equal(t, tc.exits, rec.exits)
		})
	}
}

// A step whose host tool is missing fails the member with an error that
// names the host tool, and no later step runs.
func TestRunMissingTool(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		step map[string]any
		tool string
	}{
		"write_file": {step: step("write_file", "path", "out.txt", "content", "x"), tool: "write_file"},
		"exec":       {step: step("exec", "command", []string{"ls"}), tool: "exec"},
		"send":       {step: step("send", "to", "all", "message", "hi"), tool: "send_message"},
		"read":       {step: step("read", "wait", "1s"), tool: "read_messages"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			// The default fake answers every tool call with "unknown tool".
			host := &sdktest.AgentHost{SubmitFunc: rec.uncheckedGate}
			_, err := runScripted(t, context.Background(), rec, agent.RunRequest{
				Config: steps(t, tc.step, step("submit", "answer", "late")), Host: host,
			})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "tool "+tc.tool+": unknown tool "+tc.tool)
			assert.Equal(t, []string{"call_tool:" + tc.tool}, host.Calls())
		})
	}
}

// hang ignores everything but cancellation; a long sleep returns on
// cancellation too. The test cancels once Run has reached the plugin and
// waits for the plugin side of Run to return, with the blocking step's error.
func TestRunReturnsOnCancel(t *testing.T) {
	t.Parallel()
	tests := map[string]map[string]any{
		"hang":       step("hang"),
		"long sleep": step("sleep", "duration", "1h"),
	}
	for _, path := range []string{"steps", "blocking Run"} {
		for name, blocking := range tests {
			t.Run(path+"/"+name, func(t *testing.T) {
				t.Parallel()
				rec := &recorder{}
				host := okHost(rec)
				impl := &observed{Scripted: &Scripted{Exit: rec.exit}, started: make(chan struct{}), done: make(chan error, 1)}
				var served agent.Agent = impl
				if path == "blocking Run" {
					served = runOnly{impl}
				}
				a := sdktest.Agent(t, served)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				cfg := steps(t, blocking, step("submit", "answer", "late"))
				runErr := make(chan error, 1)
				go func() {
					runErr <- a.Run(ctx, agent.RunRequest{Member: "solver", Index: 1, Config: cfg, Host: host}, &agent.RunResponse{})
				}()
				<-impl.started
				select {
				case err := <-impl.done:
					t.Fatalf("Run returned before cancellation: %v", err)
				default:
				}
				cancel()
				select {
				case err := <-impl.done:
					require.ErrorIs(t, err, context.Canceled)
					assert.Contains(t, err.Error(), "step 1 ("+blocking["action"].(string)+")")
				case <-time.After(30 * time.Second):
					t.Fatal("the plugin side of Run did not return after cancellation")
				}
				require.Error(t, <-runErr)
				assert.Empty(t, host.Calls())
				assert.Empty(t, rec.exits)
			})
		}
	}
}

// observed reports when the plugin side of Run starts and what it returns.
type observed struct {
	*Scripted
	started chan struct{}
	done    chan error
}

func (o *observed) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	close(o.started)
	err := o.Scripted.Run(ctx, req, resp)
	o.done <- err
	return err
}

// StartMember observes the member's start and its end (an error or a
// done step) when the SDK drives its steps.
func (o *observed) StartMember(ctx context.Context, req agent.RunRequest) (agent.Member, error) {
	close(o.started)
	m, err := o.Scripted.StartMember(ctx, req)
	return &observedMember{Member: m, done: o.done}, err
}

// observedMember reports how its member ended.
type observedMember struct {
	agent.Member
	done chan error
}

func (m *observedMember) Step(ctx context.Context, a agent.Answer) (agent.Call, error) {
	c, err := m.Member.Step(ctx, a)
	if err != nil || c.Done != nil {
		m.done <- err
	}
	return c, err
}

// runOnly serves an agent's Metadata and Run alone (no steps), so the SDK
// runs its members as blocking Runs.
type runOnly struct{ a agent.Agent }

func (r runOnly) Metadata(ctx context.Context, req agent.MetadataRequest, resp *agent.MetadataResponse) {
	r.a.Metadata(ctx, req, resp)
}

func (r runOnly) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	return r.a.Run(ctx, req, resp)
}

// The conversation sent to the model: the input (which ends with the host's
// preamble, as a user message), each prompt as a user message and every
// earlier reply; the preamble is not added again.
func TestGenerateConversation(t *testing.T) {
	t.Parallel()
	input := []model.Message{{Role: model.RoleUser, Content: "What is 6 x 7?"}, {Role: model.RoleUser, Content: "You are solver-2."}}
	tests := map[string]struct {
		steps []map[string]any
		want  [][]string
	}{
		"input, preamble and prompt": {
			steps: []map[string]any{step("generate", "prompt", "hello")},
			want:  [][]string{{"user: What is 6 x 7?", "user: You are solver-2.", "user: hello"}},
		},
		"without a prompt the conversation goes as it is": {
			steps: []map[string]any{step("generate")},
			want:  [][]string{{"user: What is 6 x 7?", "user: You are solver-2."}},
		},
		"earlier replies and expanded prompts": {
			steps: []map[string]any{
				step("generate", "prompt", "hello"),
				step("write_file", "path", "x"),
				step("generate", "prompt", "again, {member} #{index}"),
			},
			want: [][]string{
				{"user: What is 6 x 7?", "user: You are solver-2.", "user: hello"},
				{"user: What is 6 x 7?", "user: You are solver-2.", "user: hello",
					"assistant: reply-1", "user: again, solver-2 #2"},
			},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			_, err := runScripted(t, context.Background(), rec, agent.RunRequest{
				Member: "solver-2", Index: 2, Preamble: "You are solver-2.", Input: input,
				Config: steps(t, tc.steps...), Host: okHost(rec),
			})
			require.NoError(t, err)
			var got [][]string
			for _, ms := range rec.requests {
				got = append(got, conversation(ms))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// In the plugin process the refusal comes back from Run wrapped, not
// replaced, so it still matches agent.ErrRefused (over gRPC only its text
// reaches the host, which already knows the cause).
func TestRunKeepsTheRefusal(t *testing.T) {
	t.Parallel()
	host := &sdktest.AgentHost{GenerateFunc: func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
		return agent.GenerateResponse{}, &agent.RefusedError{Cause: "share"}
	}}
	var resp agent.RunResponse
	err := (&Scripted{}).Run(context.Background(), agent.RunRequest{Member: "solver", Index: 1,
		Config: steps(t, step("generate", "prompt", "hi"), step("submit", "answer", "late")), Host: host}, &resp)
	require.ErrorIs(t, err, agent.ErrRefused)
	var refused *agent.RefusedError
	require.ErrorAs(t, err, &refused)
	assert.Equal(t, "share", refused.Cause)
	assert.Equal(t, []string{"generate"}, host.Calls())
}

func TestRunRejectsABadConfig(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	_, err := runScripted(t, context.Background(), rec, agent.RunRequest{
		Config: schema.NewConfig([]byte(`{"steps": "generate"}`)), Host: okHost(rec)})
	require.ErrorContains(t, err, "decode config")
	assert.Empty(t, rec.requests)
}
