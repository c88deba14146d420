package controller_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// Relay runs one member at a time in roster order, stops the swarm at the
// first submission that passes its gate check, and chooses the answer
// itself. Each swarm run gets its own relaySession, which counts the
// attempts: state with no map, no mutex and no End, since the SDK keeps
// the session from Start to the run's end.
type Relay struct{}

// relaySession is one run of Relay.
type relaySession struct {
	attempt int
}

// Metadata names the plugin; it has no config.
func (Relay) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "relay"
	resp.Version = "1.0.0"
}

// Start starts the first member and asks for the answers (text and gate
// verdicts, and Choose calls); without a choice the latest submission wins.
func (Relay) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	if len(req.Roster) > 0 {
		resp.Actions = append(resp.Actions, controller.Start(req.Roster[0].Name, ""))
	}
	resp.FinalMode, resp.Answers = controller.FinalLast, true
	return &relaySession{attempt: 1}, nil
}

// Event starts the next pending member when one ends, and stops the swarm
// at a submission that passed its gate check.
func (s *relaySession) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	switch req.Event.Kind {
	case controller.EventSubmission:
		if req.Event.Gate.Passed {
			resp.Actions = append(resp.Actions, controller.Stop("passed"))
		}
	case controller.EventMemberEnded:
		for _, m := range req.Roster {
			if m.State == controller.StatePending {
				s.attempt++
				resp.Actions = append(resp.Actions, controller.Start(m.Name,
					fmt.Sprintf("Attempt %d: your predecessor gave up; try another way.", s.attempt)))
				break
			}
		}
	}
	return nil
}

// Choose picks the latest submission that passed its gate, else the latest.
func (*relaySession) Choose(_ context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	for i := len(req.Submissions) - 1; i >= 0; i-- {
		if s := req.Submissions[i]; s.Gate.Passed {
			resp.Member, resp.Reason = s.Member, "latest passing submission"
			return nil
		}
	}
	if n := len(req.Submissions); n > 0 {
		resp.Member, resp.Reason = req.Submissions[n-1].Member, "latest submission"
	}
	return nil
}

// Interface guards.
var (
	_ controller.Controller = Relay{}
	_ controller.Session    = (*relaySession)(nil)
	_ controller.WithChoose = (*relaySession)(nil)
)

// A controller run through the real gRPC layer with sdktest: the calls the
// runtime makes during one swarm, and the actions that come back.
func Example_relay() {
	t := &exampleT{}
	defer t.close()
	ctx := context.Background()

	c := sdktest.Controller(t, Relay{})
	roster := []controller.Member{
		{Name: "solver-1", Agent: "react", Index: 1, State: controller.StatePending},
		{Name: "solver-2", Agent: "react", Index: 2, State: controller.StatePending},
	}

	var start controller.StartResponse
	must(c.Start(ctx, controller.StartRequest{Session: "s1", Roster: roster}, &start))
	fmt.Println("start:", describe(start.Actions), "final:", start.FinalMode)

	roster[0].State, roster[0].Status = controller.StateEnded, controller.StatusErrored
	var ended controller.EventResponse
	must(c.Event(ctx, controller.EventRequest{Session: "s1", Roster: roster,
		Event: controller.Event{Kind: controller.EventMemberEnded, Member: "solver-1", Time: 30, Status: controller.StatusErrored}}, &ended))
	fmt.Println("solver-1 ended:", describe(ended.Actions))

	passed := controller.Gate{Checked: true, Passed: true}
	var submitted controller.EventResponse
	must(c.Event(ctx, controller.EventRequest{Session: "s1", Roster: roster,
		Event: controller.Event{Kind: controller.EventSubmission, Member: "solver-2", Time: 61, Answer: "42", Gate: passed}}, &submitted))
	fmt.Println("solver-2 submitted:", describe(submitted.Actions))

	var chosen controller.ChooseResponse
	must(c.Choose(ctx, controller.ChooseRequest{Session: "s1", Roster: roster,
		Submissions: []controller.Submission{{Member: "solver-2", Time: 61, Answer: "42", Gate: passed}}}, &chosen))
	fmt.Printf("answer: %s (%s)\n", chosen.Member, chosen.Reason)
	// Output:
	// start: [start solver-1] final: last
	// solver-1 ended: [start solver-2 with "Attempt 2: your predecessor gave up; try another way."]
	// solver-2 submitted: [stop "passed"]
	// answer: solver-2 (latest passing submission)
}

func describe(actions []controller.Action) string {
	out := make([]string, len(actions))
	for i, a := range actions {
		switch {
		case a.Kind == controller.ActionStop:
			out[i] = fmt.Sprintf("stop %q", a.Reason)
		case a.Input != "":
			out[i] = fmt.Sprintf("start %s with %q", a.Member, a.Input)
		default:
			out[i] = "start " + a.Member
		}
	}
	return "[" + strings.Join(out, ", ") + "]"
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// exampleT is the part of testing.TB that sdktest uses, for an Example,
// which has no *testing.T. Cleanups run on close.
type exampleT struct {
	testing.TB
	cleanups []func()
}

func (*exampleT) Helper()                           {}
func (t *exampleT) Cleanup(f func())                { t.cleanups = append(t.cleanups, f) }
func (*exampleT) Fatal(args ...any)                 { panic(fmt.Sprint(args...)) }
func (*exampleT) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (t *exampleT) close() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}
