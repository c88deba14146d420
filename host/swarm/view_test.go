package swarm

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// waitFor blocks a member until release is closed.
func waitFor(release <-chan struct{}) step {
	return func(ctx context.Context, _ *scriptRun) (bool, error) {
		select {
		case <-release:
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// runningLog collects what OnRunning reported.
type runningLog struct {
	mu     sync.Mutex
	counts []int
}

func (l *runningLog) add(n int) {
	l.mu.Lock()
	l.counts = append(l.counts, n)
	l.mu.Unlock()
}

func (l *runningLog) all() []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.counts)
}

// TestViewReadsTheLiveRecord: OnStart's view shows the record as the run
// goes (a has submitted while b still runs) and the final record after it;
// OnRunning reports every change of the running count, ending at 0.
func TestViewReadsTheLiveRecord(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {waitFor(release), answer("B")}})
	views := make(chan View, 1)
	var running runningLog
	aEnded := newRecordLog(func(r Record) bool {
		return r.Members[0].State == StateEnded // a ends while b waits
	})
	hooks := Hooks{OnStart: func(v View) { views <- v }, OnRunning: running.add, OnRecord: aEnded.hooks().OnRecord}
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{}}
	done := make(chan *Result, 1)
	go func() { done <- runSample(t, context.Background(), spec, testSample(), hooks) }()

	view := <-views
	<-aEnded.when
	live := view.Record()
	assert.Equal(t, StateRunning, member(t, live, "b").State)
	assert.Equal(t, ptr(StatusSubmitted), member(t, live, "a").Status)
	assert.Equal(t, Final{Mode: ptr("first"), Member: ptr("a"), Provisional: true}, live.Final)
	assert.Equal(t, live, view.Record(), "an unchanged record reads the same")

	close(release)
	res := <-done
	require.NoError(t, res.Error)
	assert.Equal(t, res.Record, view.Record(), "after the run the view reads the final record")
	counts := running.all()
	require.NotEmpty(t, counts)
	assert.Equal(t, 0, counts[len(counts)-1], "no member runs at the end")
	for i, n := range counts {
		assert.True(t, n >= 0 && n <= 2, "count %d is %d", i, n)
		if i > 0 {
			assert.NotEqual(t, counts[i-1], n, "count %d repeats the previous one", i)
		}
	}
}

// hintController checks the roster hints a plugin client gets: every entry
// that differs from the roster of the session's previous call must have
// been named in the hints since then.
type hintController struct {
	*testController
	t      *testing.T
	mu     sync.Mutex
	hinted map[int]bool
	prev   []controller.Member
	calls  int
}

func (c *hintController) RosterChanged(_ string, changed []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, i := range changed {
		c.hinted[i] = true
	}
}

func (c *hintController) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) error {
	c.mu.Lock()
	c.prev = slices.Clone(req.Roster)
	c.mu.Unlock()
	return c.testController.Start(ctx, req, resp)
}

func (c *hintController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	c.check(req.Roster)
	return c.testController.Event(ctx, req, resp)
}

func (c *hintController) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	c.check(req.Roster)
	return c.testController.Choose(ctx, req, resp)
}

func (c *hintController) check(roster []controller.Member) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	for i := range roster {
		if roster[i] != c.prev[i] {
			assert.True(c.t, c.hinted[i], "call %d: %s changed without a hint", c.calls, roster[i].Name)
		}
	}
	c.prev, c.hinted = slices.Clone(roster), map[int]bool{}
}

// TestRosterHintsNameEveryChange runs a swarm whose members end at
// different times under a controller that takes hints, in controller mode
// (so Choose calls come between events too).
func TestRosterHintsNameEveryChange(t *testing.T) {
	t.Parallel()
	scripts := map[string][]step{}
	var members []string
	for i := range 12 {
		name := fmt.Sprintf("m%02d", i)
		members = append(members, name)
		scripts[name] = []step{sleep(time.Duration(i%4) * 5 * time.Millisecond), answer(name)}
	}
	ctrl := &hintController{t: t, hinted: map[int]bool{},
		testController: &testController{mode: controller.FinalController, startOnly: members[:6],
			onEvent: func(req controller.EventRequest) []controller.Action {
				if req.Event.Kind != controller.EventMemberEnded {
					return nil
				}
				for _, m := range req.Roster {
					if m.State == controller.StatePending {
						return []controller.Action{controller.Start(m.Name, "")}
					}
				}
				return nil
			}}}
	res := run(t, context.Background(), Spec{Members: roster(newAgent(scripts), newMock(t, "m"), members...), Controller: ctrl},
		Hooks{})
	require.NoError(t, res.Error)
	for _, m := range res.Record.Members {
		assert.Equal(t, StatusSubmitted, deref(m.Status), m.Name)
	}
	assert.GreaterOrEqual(t, ctrl.calls, 36, "12 starts, 12 submissions, 12 ends, and chooses")
	for i, m := range ctrl.prev {
		assert.Equal(t, controller.StateEnded, m.State, "the last roster the controller saw: %d", i)
	}
}

// TestRecorderKeepsArrivalOrder fills the recorder across chunk boundaries.
func TestRecorderKeepsArrivalOrder(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, recorderChunk, recorderChunk + 1, 3*recorderChunk - 7} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			var r recorder
			for i := range n {
				r.add(Event{Kind: EventInfo, Retries: i})
			}
			evs := r.events()
			assert.Equal(t, n, evs.Len())
			all := evs.Slice()
			require.Len(t, all, n)
			for i, e := range all {
				assert.Equal(t, i, e.Retries)
			}
			// the view is shared, not copied: an event added later is not in it
			r.add(Event{Kind: EventInfo, Retries: -1})
			assert.Equal(t, n, len(evs.Slice()), "a view taken earlier")
			assert.Equal(t, n+1, r.events().Len())
		})
	}
}
