package sdktest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// Pair starts two members and stops the swarm at the first submission.
type Pair struct{}

func (Pair) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "pair"
}

func (Pair) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	for _, m := range req.Roster[:2] {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
	}
	return pairRun{}, nil
}

// pairRun is one run of Pair.
type pairRun struct{}

func (pairRun) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind == controller.EventSubmission {
		resp.Actions = []controller.Action{controller.Stop("first answer")}
	}
	return nil
}

// A test scripts how members end; the simulator plays the run through the
// real gRPC layer, as the host's runtime would, and records every call.
func ExampleNewSimulator() {
	t := &exampleT{}
	defer t.close()
	roster := []controller.Member{sdktest.Member("a"), sdktest.Member("b"), sdktest.Member("c")}
	sim := sdktest.NewSimulator(t, Pair{}, roster, nil)
	sim.End("a", controller.StatusErrored)
	sim.Submit("b", "42", controller.Gate{})
	for _, m := range sim.Roster() {
		fmt.Printf("%s %s %q\n", m.Name, m.State, m.Status)
	}
	fmt.Printf("stopped: %q, error: %v\n", sim.Stopped(), sim.Err())
	// Output:
	// a ended "errored"
	// b ended "submitted"
	// c pending ""
	// stopped: "first answer", error: <nil>
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
