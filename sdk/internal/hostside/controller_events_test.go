package hostside

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// eventsProbe is a controller whose session records the events it is
// handed and answers each through on.
type eventsProbe struct {
	on func(ctx context.Context, ev controller.Event) ([]controller.Action, error)

	mu   sync.Mutex
	seen []string
}

func (p *eventsProbe) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "probe"
}

func (p *eventsProbe) Start(context.Context, controller.StartRequest, *controller.StartResponse) (controller.Session, error) {
	return p, nil
}

func (p *eventsProbe) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	p.mu.Lock()
	p.seen = append(p.seen, req.Event.Member+":"+fmt.Sprint(len(req.Roster)))
	p.mu.Unlock()
	req.Roster[0].Name = "scribbled" // the next event's roster is refilled
	if p.on == nil {
		return nil
	}
	var err error
	resp.Actions, err = p.on(ctx, req.Event)
	return err
}

func (p *eventsProbe) events() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.seen...)
}

// servedController serves impl over a real gRPC connection and returns the
// host's client of it, its session "s" started with a roster of three.
func servedController(t *testing.T, impl controller.Controller) *remoteController {
	t.Helper()
	rc := InProcess(t, Plugins{Controllers: []controller.Controller{impl}}).Controller("probe").(*remoteController)
	require.NoError(t, rc.Start(context.Background(), controller.StartRequest{Session: "s", Roster: threeMembers()},
		&controller.StartResponse{}))
	return rc
}

func threeMembers() []controller.Member {
	return []controller.Member{{Name: "a"}, {Name: "b"}, {Name: "c"}}
}

func started(names ...string) []controller.Event {
	out := make([]controller.Event, len(names))
	for i, n := range names {
		out[i] = controller.Event{Kind: controller.EventMemberStarted, Member: n}
	}
	return out
}

// TestEventsDeliverInOrderUntilActions: one Events call hands the session
// its events in order, each with the whole roster refilled, and stops
// after the first answer with actions; the events after it are not
// handed to the session.
func TestEventsDeliverInOrderUntilActions(t *testing.T) {
	t.Parallel()
	stopAtB := func(_ context.Context, ev controller.Event) ([]controller.Action, error) {
		if ev.Member == "b" {
			return []controller.Action{controller.Stop("b")}, nil
		}
		return nil, nil
	}
	tests := map[string]struct {
		on      func(context.Context, controller.Event) ([]controller.Action, error)
		goOn    bool
		want    int
		answers [][]controller.Action
		seen    []string
	}{
		"no actions": {goOn: true, want: 3, answers: [][]controller.Action{{}, {}, {}}, seen: []string{"a:3", "b:3", "c:3"}},
		"actions at the second": {on: stopAtB, goOn: true, want: 2,
			answers: [][]controller.Action{{}, {controller.Stop("b")}}, seen: []string{"a:3", "b:3"}},
		"the host stops reading": {want: 1, answers: [][]controller.Action{{}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			probe := &eventsProbe{on: tc.on}
			rc := servedController(t, probe)
			var answers [][]controller.Action
			n, err := rc.Events(context.Background(), EventsRequest{Session: "s", Events: started("a", "b", "c"),
				Roster: threeMembers(), Timeout: time.Minute}, func(a []controller.Action) bool {
				answers = append(answers, a)
				return tc.goOn
			})
			require.NoError(t, err)
			assert.Equal(t, tc.want, n)
			assert.Equal(t, tc.answers, answers)
			if tc.seen != nil {
				assert.Equal(t, tc.seen, probe.events())
			}
		})
	}
}

// TestEventsErrorAnswersItsEvent: a session's error, or an event left
// unanswered for the timeout, ends the call; the count says which event
// it answers, and a timeout's error is context.DeadlineExceeded.
func TestEventsErrorAnswersItsEvent(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		on       func(context.Context, controller.Event) ([]controller.Action, error)
		wantErr  string
		deadline bool
	}{
		"an error": {on: func(_ context.Context, ev controller.Event) ([]controller.Action, error) {
			if ev.Member == "b" {
				return nil, errors.New("b is broken")
			}
			return nil, nil
		}, wantErr: "controller probe event: b is broken"},
		"a timeout": {on: func(ctx context.Context, ev controller.Event) ([]controller.Action, error) {
			if _, ok := ctx.Deadline(); !ok {
				return nil, errors.New("no deadline")
			}
			if ev.Member == "b" {
				<-ctx.Done()
				time.Sleep(200 * time.Millisecond) // past the host's own timer
			}
			return nil, nil
		}, wantErr: "controller probe event: context deadline exceeded", deadline: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rc := servedController(t, &eventsProbe{on: tc.on})
			n, err := rc.Events(context.Background(), EventsRequest{Session: "s", Events: started("a", "b", "c"),
				Roster: threeMembers(), Timeout: 300 * time.Millisecond}, func([]controller.Action) bool { return true })
			require.EqualError(t, err, tc.wantErr)
			assert.Equal(t, 1, n, "the error answers the second event")
			assert.Equal(t, tc.deadline, errors.Is(err, context.DeadlineExceeded))
		})
	}
}

// call, and a change reaches every event of the next call.
func TestEventsRosterChanges(t *testing.T) {
	t.Parallel()
	var states []controller.MemberState
	probe := &rosterProbe{seen: &states}
	rc := servedController(t, probe)
	roster := threeMembers()
	roster[1].State = controller.StateRunning
	rc.RosterChanged("s", []int{1})
	n, err := rc.Events(context.Background(), EventsRequest{Session: "s", Events: started("a", "b"), Roster: roster},
		func([]controller.Action) bool { return true })
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, []controller.MemberState{controller.StateRunning, controller.StateRunning}, states)
}

// rosterProbe records member b's state in every event's roster.
type rosterProbe struct{ seen *[]controller.MemberState }

func (p *rosterProbe) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "probe"
}

func (p *rosterProbe) Start(context.Context, controller.StartRequest, *controller.StartResponse) (controller.Session, error) {
	return p, nil
}

func (p *rosterProbe) Event(_ context.Context, req controller.EventRequest, _ *controller.EventResponse) error {
	*p.seen = append(*p.seen, req.Roster[1].State)
	return nil
}

// TestEventsAtMostMaxPerCall: a call delivers at most MaxEventsPerCall
// events and returns their count; the next call delivers the rest.
func TestEventsAtMostMaxPerCall(t *testing.T) {
	t.Parallel()
	probe := &eventsProbe{}
	rc := servedController(t, probe)
	names := make([]string, MaxEventsPerCall+3)
	for i := range names {
		names[i] = []string{"a", "b", "c"}[i%3]
	}
	evs := started(names...)
	var answered int
	for len(evs) > 0 {
		n, err := rc.Events(context.Background(), EventsRequest{Session: "s", Events: evs, Roster: threeMembers(),
			Timeout: time.Minute}, func([]controller.Action) bool { return true })
		require.NoError(t, err)
		require.LessOrEqual(t, n, MaxEventsPerCall)
		require.Positive(t, n)
		answered, evs = answered+n, evs[n:]
	}
	assert.Equal(t, MaxEventsPerCall+3, answered)
	assert.Len(t, probe.events(), MaxEventsPerCall+3)
}
