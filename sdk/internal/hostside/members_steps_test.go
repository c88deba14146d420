package hostside

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// scriptedSteps is a Stepper whose members make calls in order, noting
// each answer, and end with the notes as their answer. Run is RunSteps.
type scriptedSteps struct {
	calls    []agent.Call
	startErr error
	// answered, when set, receives each answer (before the next step);
	// started, when set, is closed when a member starts.
	answered chan agent.Answer
	started  chan struct{}
}

func (scriptedSteps) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name = "steps"
}

func (s scriptedSteps) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	m, err := s.StartMember(ctx, req)
	if err != nil {
		return err
	}
	resp.Output, err = agent.RunSteps(ctx, req.Host, m)
	return err
}

func (s scriptedSteps) StartMember(context.Context, agent.RunRequest) (agent.Member, error) {
	if s.started != nil {
		close(s.started)
	}
	return &scriptedMember{s: s}, s.startErr
}

type scriptedMember struct {
	s     scriptedSteps
	next  int
	notes []string
}

func (m *scriptedMember) Step(_ context.Context, a agent.Answer) (agent.Call, error) {
	if m.next > 0 {
		if m.s.answered != nil {
			m.s.answered <- a
		}
		m.notes = append(m.notes, fmt.Sprintf("%s|%s|%v|%v|%v", a.Generate.Output.Completion, a.Tool.Content,
			a.Verdict.Passed, errors.Is(a.Err, agent.ErrRefused), a.Err))
	}
	if m.next == len(m.s.calls) {
		return agent.Call{Done: &agent.RunResponse{Output: model.TextOutput("m", strings.Join(m.notes, "\n"))}}, nil
	}
	m.next++
	c := m.s.calls[m.next-1]
	if c.Sleep < 0 {
		panic("a negative sleep")
	}
	return c, nil
}

// servedSteps serves a scriptedSteps in-process and returns the host's
// client of it.
func servedSteps(t *testing.T, s scriptedSteps) *agentClient { return servedAgent(t, s) }

// servedAgent serves a in-process and returns the host's client of it.
func servedAgent(t testing.TB, a agent.Agent) *agentClient {
	t.Helper()
	return InProcess(t, Plugins{Agents: []agent.Agent{a}}).agents
}

func str(s string) *string { return &s }

// TestSteps: a Stepper's calls and answers are the same driven by the
// SDK on the stream and by RunSteps in a blocking Run.
func TestSteps(t *testing.T) {
	t.Parallel()
	s := scriptedSteps{calls: []agent.Call{
		{Generate: &agent.GenerateRequest{Messages: []model.Message{{Role: model.RoleUser, Content: "hi"}}}},
		{Tool: &model.ToolCall{ID: "1", Function: "exec"}},
		{Tool: &model.ToolCall{ID: "2", Function: "refused"}},
		{Submit: str("right")},
		{Sleep: time.Millisecond},
		{StopSelf: str("enough")},
	}}
	host := &recordingHost{}
	var resp agent.RunResponse
	require.NoError(t, servedSteps(t, s).Agent("steps").Run(context.Background(),
		agent.RunRequest{Host: host}, &resp))
	assert.Equal(t, strings.Join([]string{"said hi||false|false|<nil>", "|ran exec|false|false|<nil>",
		"||false|true|agent: call refused by host: stopped", "||true|false|<nil>", "||false|false|<nil>",
		"||false|false|<nil>"}, "\n"), resp.Output.Completion)
	assert.Equal(t, []string{"generate 1", "tool exec", "tool refused", "submit right", "stop self enough"}, host.Calls())
}

// TestStepsFail: a Stepper that fails to start or panics in a step ends
// the member with the error, on both paths.
func TestStepsFail(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		s    scriptedSteps
		want string
	}{
		"start fails": {s: scriptedSteps{startErr: errors.New("bad config")}, want: "agent steps run: bad config"},
		"a step panics": {s: scriptedSteps{calls: []agent.Call{{Sleep: -1}}},
			want: "agent steps run: plugin panicked: a negative sleep"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := servedSteps(t, tc.s).Agent("steps").Run(context.Background(),
				agent.RunRequest{Host: &recordingHost{}}, &agent.RunResponse{})
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tc.want), "%q does not start with %q", err, tc.want)
		})
	}
}

// TestStepsCancel: cancelling a member on the host reaches a step member
// waiting in a sleep or in a host call (whose work on the host is
// cancelled too): its next step gets the context's error.
func TestStepsCancel(t *testing.T) {
	t.Parallel()
	cases := map[string]agent.Call{
		"a sleep for ever": {Sleep: agent.Forever},
		"a host call":      {Generate: &agent.GenerateRequest{}},
	}
	for name, call := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			answered, started, hostSaw := make(chan agent.Answer, 1), make(chan struct{}), make(chan error, 1)
			waiting := started // the member waits in its sleep once started
			if call.Generate != nil {
				waiting = make(chan struct{})
			}
			host := &recordingHost{generate: func(ctx context.Context, _ agent.GenerateRequest) (agent.GenerateResponse, error) {
				close(waiting)
				<-ctx.Done()
				hostSaw <- ctx.Err()
				return agent.GenerateResponse{}, ctx.Err()
			}}
			if call.Generate == nil {
				hostSaw <- context.Canceled // no host call to see it
			}
			c := servedSteps(t, scriptedSteps{calls: []agent.Call{call}, answered: answered, started: started})
			ctx, cancel := context.WithCancel(context.Background())
			ran := make(chan error, 1)
			go func() { ran <- c.Agent("steps").Run(ctx, agent.RunRequest{Host: host}, &agent.RunResponse{}) }()
			<-waiting
			cancel()
			assert.EqualError(t, <-ran, "agent steps run: context canceled")
			assert.ErrorIs(t, <-hostSaw, context.Canceled)
			a := <-answered
			assert.Contains(t, fmt.Sprint(a.Err), "context canceled", "the member's next step")
		})
	}
}
