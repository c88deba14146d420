package swarm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// ---------------------------------------------------------------------------
// A programmable agent: each member runs its own script of steps.
// ---------------------------------------------------------------------------

// scriptRun is one member's run of its script.
type scriptRun struct {
	req  agent.RunRequest
	resp *agent.RunResponse
	obs  *memberObs
	last model.Output
}

// step is one scripted action; done means Run returns nil with resp set.
type step func(ctx context.Context, r *scriptRun) (done bool, err error)

// memberObs is what one member's agent saw from the host.
type memberObs struct {
	mu       sync.Mutex
	req      agent.RunRequest
	genErrs  []error
	outputs  []model.Output
	verdicts []agent.Verdict
	subErrs  []error
	tools    []agent.ToolResult
	listed   []model.ToolInfo
	runErr   error
}

func (o *memberObs) refusals() []error {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []error
	for _, e := range o.genErrs {
		if errors.Is(e, agent.ErrRefused) {
			out = append(out, e)
		}
	}
	return out
}

// scriptAgent runs a per-member script; a member without a script returns
// an empty output at once.
type scriptAgent struct {
	scripts map[string][]step
	mu      sync.Mutex
	obs     map[string]*memberObs
}

func newAgent(scripts map[string][]step) *scriptAgent {
	return &scriptAgent{scripts: scripts, obs: map[string]*memberObs{}}
}

func (a *scriptAgent) Metadata(context.Context, agent.MetadataRequest, *agent.MetadataResponse) {}

func (a *scriptAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	o := &memberObs{req: req}
	a.mu.Lock()
	a.obs[req.Member] = o
	steps := a.scripts[req.Member]
	a.mu.Unlock()
	r := &scriptRun{req: req, resp: resp, obs: o}
	err := func() error {
		for _, s := range steps {
			done, err := s(ctx, r)
			if err != nil || done {
				return err
			}
		}
		return nil
	}()
	o.mu.Lock()
	o.runErr = err
	o.mu.Unlock()
	return err
}

// observed returns what member saw; nil when it never ran.
func (a *scriptAgent) observed(member string) *memberObs {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.obs[member]
}

// sleep waits d, returning early with the context's error.
func sleep(d time.Duration) step {
	return func(ctx context.Context, _ *scriptRun) (bool, error) {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// endings closes one channel per member the first time a published record
// shows the member ended, so that a script orders members by waiting for
// another's end (after) instead of sleeping longer than it.
type endings struct {
	mu    sync.Mutex
	ended map[string]chan struct{}
	seen  map[string]bool
}

func newEndings() *endings {
	return &endings{ended: map[string]chan struct{}{}, seen: map[string]bool{}}
}

// of returns the channel closed when member has ended.
func (e *endings) of(member string) chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.chanLocked(member)
}

func (e *endings) chanLocked(member string) chan struct{} {
	c, ok := e.ended[member]
	if !ok {
		c = make(chan struct{})
		e.ended[member] = c
	}
	return c
}

// hooks returns the run hooks that watch the record for ends.
func (e *endings) hooks() Hooks {
	return Hooks{OnRecord: func(r Record) {
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, m := range r.Members {
			if m.State == StateEnded && !e.seen[m.Name] {
				e.seen[m.Name] = true
				close(e.chanLocked(m.Name))
			}
		}
	}}
}

// after waits until member's end is in the record (so this member ends
// strictly later on the swarm clock), returning early with the context's
// error.
func after(e *endings, member string) step {
	return func(ctx context.Context, _ *scriptRun) (bool, error) {
		select {
		case <-e.of(member):
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// generate makes one model call (the member's input plus prompt); a
// refusal or any error ends the run with that error, as a well-behaved
// agent does.
func generate(prompt string) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		return false, r.generate(ctx, prompt)
	}
}

func (r *scriptRun) generate(ctx context.Context, prompt string) error {
	msgs := append(append([]model.Message(nil), r.req.Input...), model.Message{Role: model.RoleUser, Content: prompt})
	resp, err := r.req.Host.Generate(ctx, agent.GenerateRequest{Messages: msgs})
	r.obs.mu.Lock()
	defer r.obs.mu.Unlock()
	if err != nil {
		r.obs.genErrs = append(r.obs.genErrs, err)
		return err
	}
	r.obs.outputs = append(r.obs.outputs, resp.Output)
	r.last = resp.Output
	return nil
}

// pollUntilRefused keeps sleeping every and calling the model until a call
// is refused; it then returns the refusal.
func pollUntilRefused(every time.Duration) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		for {
			if _, err := sleep(every)(ctx, r); err != nil {
				return false, err
			}
			if err := r.generate(ctx, "poll"); err != nil {
				return false, err
			}
		}
	}
}

// ignoreRefusals keeps sleeping every and calling the model, ignoring
// refusals, until the context ends (the hard stop).
func ignoreRefusals(every time.Duration) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		for {
			if _, err := sleep(every)(ctx, r); err != nil {
				return false, err
			}
			_ = r.generate(ctx, "poll")
		}
	}
}

// block waits for the hard stop without ever calling the host.
func block() step {
	return func(ctx context.Context, _ *scriptRun) (bool, error) {
		<-ctx.Done()
		return false, ctx.Err()
	}
}

// submit runs a gate check on answer and records the verdict.
func submit(answer string) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		v, err := r.req.Host.Submit(ctx, answer)
		r.obs.mu.Lock()
		defer r.obs.mu.Unlock()
		if err != nil {
			r.obs.subErrs = append(r.obs.subErrs, err)
			return false, nil
		}
		r.obs.verdicts = append(r.obs.verdicts, v)
		return false, nil
	}
}

// callTool calls a host tool and records the result.
func callTool(name string) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		tools, err := r.req.Host.ListTools(ctx)
		if err != nil {
			return false, err
		}
		res, err := r.req.Host.CallTool(ctx, model.ToolCall{ID: "call-" + name, Function: name})
		if err != nil {
			return false, err
		}
		r.obs.mu.Lock()
		r.obs.listed = tools
		r.obs.tools = append(r.obs.tools, res)
		r.obs.mu.Unlock()
		return false, nil
	}
}

// answer returns a text output as the member's answer.
func answer(text string) step {
	return returnOutput(model.TextOutput("mockllm/model", text))
}

// returnOutput returns out as the member's answer.
func returnOutput(out model.Output) step {
	return func(_ context.Context, r *scriptRun) (bool, error) {
		r.resp.Output = out
		return true, nil
	}
}

// giveUp returns normally with an output that stopped for reason
// ("model_length" or "content_filter"), as a react loop gives up.
func giveUp(reason string) step {
	return returnOutput(model.Output{Model: "mockllm/model", StopReason: reason,
		Message:    model.Message{Role: model.RoleAssistant, Content: "I cannot go on.", Source: "generate"},
		Completion: "I cannot go on."})
}

// answerLast returns the last model output as the answer.
func answerLast() step {
	return func(_ context.Context, r *scriptRun) (bool, error) {
		r.resp.Output = r.last
		return true, nil
	}
}

// fail ends the run with an agent error.
func fail(msg string) step {
	return func(context.Context, *scriptRun) (bool, error) { return false, errors.New(msg) }
}

// ---------------------------------------------------------------------------
// A programmable controller.
// ---------------------------------------------------------------------------

type testController struct {
	// mode is the final mode returned by Start; answers its opt-in to
	// answers and Choose calls.
	mode    controller.FinalMode
	answers bool
	// startOnly lists the members to start; nil starts every member.
	startOnly []string
	// inputs gives a start input per member.
	inputs map[string]string
	// startActions, when set, replaces the start actions entirely.
	startActions []controller.Action
	// stopOnSubmission stops the swarm with this reason at a submission.
	stopOnSubmission string
	// startErr fails Start; eventErr fails Event on events of eventErrKind.
	startErr     error
	eventErr     error
	eventErrKind controller.EventKind
	// startDelay delays Start's answer.
	startDelay time.Duration
	// hangStart / hangEvent / hangChoose / hangEnd block until the call's
	// context ends.
	hangStart  bool
	hangEvent  controller.EventKind
	hangChoose bool
	hangEnd    bool
	// choose picks the answer in controller mode.
	choose func(req controller.ChooseRequest) controller.ChooseResponse
	// onEvent returns extra actions for an event.
	onEvent func(req controller.EventRequest) []controller.Action

	mu       sync.Mutex
	inEvent  int
	overlap  bool
	starts   []controller.StartRequest
	events   []controller.EventRequest
	chooses  []controller.ChooseRequest
	sessions []string
}

func (c *testController) Metadata(context.Context, controller.MetadataRequest, *controller.MetadataResponse) {
}

func (c *testController) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) error {
	c.mu.Lock()
	c.starts = append(c.starts, req)
	c.mu.Unlock()
	time.Sleep(c.startDelay)
	if c.hangStart {
		<-ctx.Done()
		return ctx.Err()
	}
	if c.startErr != nil {
		return c.startErr
	}
	resp.FinalMode, resp.Answers = c.mode, c.answers
	if c.mode == controller.FinalController { // this helper's shorthand: first, with answers
		resp.FinalMode, resp.Answers = controller.FinalFirst, true
	}
	if c.startActions != nil {
		resp.Actions = c.startActions
		return nil
	}
	names := c.startOnly
	if names == nil {
		for _, m := range req.Roster {
			names = append(names, m.Name)
		}
	}
	for _, n := range names {
		resp.Actions = append(resp.Actions, controller.Start(n, c.inputs[n]))
	}
	return nil
}

func (c *testController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	c.mu.Lock()
	c.inEvent++
	if c.inEvent > 1 {
		c.overlap = true
	}
	c.events = append(c.events, req)
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.inEvent--
		c.mu.Unlock()
	}()
	if c.hangEvent != "" && req.Event.Kind == c.hangEvent {
		<-ctx.Done()
		return ctx.Err()
	}
	if c.eventErr != nil && req.Event.Kind == c.eventErrKind {
		return c.eventErr
	}
	if c.stopOnSubmission != "" && req.Event.Kind == controller.EventSubmission {
		resp.Actions = append(resp.Actions, controller.Stop(c.stopOnSubmission))
	}
	if c.onEvent != nil {
		resp.Actions = append(resp.Actions, c.onEvent(req)...)
	}
	return nil
}

func (c *testController) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	c.mu.Lock()
	c.chooses = append(c.chooses, req)
	c.mu.Unlock()
	if c.hangChoose {
		<-ctx.Done()
		return ctx.Err()
	}
	if c.choose != nil {
		*resp = c.choose(req)
	}
	return nil
}

func (c *testController) End(ctx context.Context, session string) error {
	c.mu.Lock()
	c.sessions = append(c.sessions, session)
	c.mu.Unlock()
	if c.hangEnd {
		<-ctx.Done()
		return ctx.Err()
	}
	return nil
}

func (c *testController) eventLog() []controller.EventRequest {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]controller.EventRequest(nil), c.events...)
}

func (c *testController) chooseLog() []controller.ChooseRequest {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]controller.ChooseRequest(nil), c.chooses...)
}

var (
	_ agent.Agent        = (*scriptAgent)(nil)
	_ plugins.Controller = (*testController)(nil)
	_ plugins.WithEnd    = (*testController)(nil)
)

// ---------------------------------------------------------------------------
// Models and tools.
// ---------------------------------------------------------------------------

func newMock(t testing.TB, name string, outputs ...string) *hostmodel.Mock {
	t.Helper()
	var outs []any
	for _, o := range outputs {
		outs = append(outs, o)
	}
	m, err := hostmodel.NewMock(name, outs, nil)
	require.NoError(t, err)
	return m
}

// slowModel answers after a delay that ignores cancellation (a call in
// flight that finishes).
type slowModel struct {
	inner hostmodel.Provider
	delay time.Duration
}

func (s slowModel) Name() string { return s.inner.Name() }

func (s slowModel) Generate(ctx context.Context, req hostmodel.Request) (hostmodel.Result, error) {
	time.Sleep(s.delay)
	return s.inner.Generate(context.WithoutCancel(ctx), req)
}

// failingModel always fails.
type failingModel struct{}

func (failingModel) Name() string { return "broken/model" }

func (failingModel) Generate(context.Context, hostmodel.Request) (hostmodel.Result, error) {
	return hostmodel.Result{}, errors.New("provider down")
}

type echoTools struct{}

func (echoTools) List() []model.ToolInfo { return []model.ToolInfo{{Name: "echo"}} }

func (echoTools) Call(_ context.Context, call model.ToolCall) (string, *model.ToolError) {
	if call.Function != "echo" {
		return "", &model.ToolError{Type: "unknown", Message: "no tool " + call.Function}
	}
	return "echoed", nil
}

// ---------------------------------------------------------------------------
// Spec building and running.
// ---------------------------------------------------------------------------

// roster builds members in order, all running ag on mdl.
func roster(ag agent.Agent, mdl hostmodel.Provider, names ...string) []Member {
	out := make([]Member, len(names))
	for i, n := range names {
		out[i] = Member{Name: n, AgentName: "script", Index: 1, Agent: ag, Model: mdl}
	}
	return out
}

func testSample() Sample {
	return Sample{ID: "s1", Epoch: 1, Input: []model.Message{{Role: model.RoleUser, Content: "What is 6x7?", Source: "input"}}}
}

// recordLog collects every published record; when is closed the first time
// a record satisfies cond.
type recordLog struct {
	mu      sync.Mutex
	records []Record
	cond    func(Record) bool
	when    chan struct{}
}

// newRecordLog returns a log whose when channel closes at the first record
// satisfying cond (nil: never).
func newRecordLog(cond func(Record) bool) *recordLog {
	return &recordLog{cond: cond, when: make(chan struct{})}
}

func (l *recordLog) hooks() Hooks {
	return Hooks{OnRecord: func(r Record) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.records = append(l.records, r)
		if l.cond != nil && l.cond(r) {
			close(l.when)
			l.cond = nil
		}
	}}
}

func (l *recordLog) all() []Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Record(nil), l.records...)
}

// run runs spec on the test sample with a generous overall timeout.
func run(t *testing.T, ctx context.Context, spec Spec, hooks Hooks) *Result {
	t.Helper()
	return runSample(t, ctx, spec, testSample(), hooks)
}

// runSample runs spec on sample with a generous overall timeout. A spec
// that sets none of Preamble, Channels and PreambleTemplate runs without
// a preamble, so the members' token counts are those of their input; the
// preamble tests set Channels to get the default one.
func runSample(t *testing.T, ctx context.Context, spec Spec, sample Sample, hooks Hooks) *Result {
	t.Helper()
	if spec.Preamble == nil && spec.Channels == nil && spec.PreambleTemplate == "" {
		spec.Preamble = func(Member, int) string { return "" }
	}
	done := make(chan *Result, 1)
	go func() { done <- Run(ctx, spec, sample, hooks) }()
	select {
	case res := <-done:
		return res
	case <-time.After(30 * time.Second):
		t.Fatal("swarm did not return within 30s")
		return nil
	}
}

// submittedIs is a record condition: member has ended submitted.
func submittedIs(name string) func(Record) bool {
	return func(r Record) bool {
		for _, m := range r.Members {
			if m.Name == name {
				return m.Submitted
			}
		}
		return false
	}
}

// member returns the record entry named name.
func member(t *testing.T, rec Record, name string) RecordMember {
	t.Helper()
	for _, m := range rec.Members {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("no member %q in record", name)
	return RecordMember{}
}

func names(rec Record) []string {
	var out []string
	for _, m := range rec.Members {
		out = append(out, m.Name)
	}
	return out
}

// statuses maps member → status ("" for null).
func statuses(rec Record) map[string]string {
	out := map[string]string{}
	for _, m := range rec.Members {
		out[m.Name] = str(m.Status)
	}
	return out
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func ptr[T any](v T) *T { return &v }

// keyOrder returns the keys of a JSON object in document order.
func keyOrder(t *testing.T, raw []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok, "not an object: %s", raw)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, fmt.Sprint(k))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}
