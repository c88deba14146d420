package hostside

import (
	"context"
	"sync"
	"time"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// The host's end of a member stream starts members at the pace the host
// serves them. Without it a controller that starts 10 000 members at once
// sends the plugin 10 000 starts together: the plugin builds every
// member, queues every member's first model call and holds them all until
// the host has answered them, a transient peak of its heap that the Go
// runtime keeps long after (BENCHMARKS.md, issue 19: the plugins' burst).
// So at most startWindow members of one stream are starting at once: sent
// their start and not yet past their first host call. A start waits for
// a place, and is never refused.

// startWindow is how many members of one plugin process may be starting
// at once. It is well above what one swarm's model pipe keeps in flight
// (max_connections of tens), so pacing the starts never starves it.
const startWindow = 256

// startHold is the longest a member holds its place without a host call
// answered: a member that sleeps or works before its first call, or whose
// first call waits on another member, never holds back the starts of the
// others for long. A member that has to wait for one not yet started
// waits for it at most this long per window of starts; it never hangs.
const startHold = 2 * time.Second

// pace is one stream's window of starting members.
type pace struct {
	places chan struct{}
	hold   time.Duration // startHold, but in tests
}

// newPace returns a window of n places, each held at most hold.
func newPace(n int, hold time.Duration) *pace {
	return &pace{places: make(chan struct{}, n), hold: hold}
}

// enter waits for a place for one member and returns it; it returns
// ctx's error if ctx ends first, and no place and no error once the
// stream broke (done), so that the member's start fails as it would have.
func (p *pace) enter(ctx context.Context, done <-chan struct{}) (*startPlace, error) {
	select {
	case p.places <- struct{}{}:
	case <-done:
		return nil, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	sp := &startPlace{p: p}
	sp.timer = time.AfterFunc(p.hold, sp.free)
	return sp, nil
}

// startPlace is one starting member's place in its stream's window. It
// leaves once, at the first of: its first host call answered (or, for a
// call that may wait on other members, made), startHold passed, its end.
type startPlace struct {
	p     *pace
	once  sync.Once
	timer *time.Timer
}

// leave frees the place and its timer; later calls do nothing, and so
// does a nil place (none was taken).
func (sp *startPlace) leave() {
	if sp == nil {
		return
	}
	sp.timer.Stop()
	sp.free()
}

// free gives the place back to the window, once.
func (sp *startPlace) free() { sp.once.Do(func() { <-sp.p.places }) }

// answeredCalls are the host calls a starting member keeps its place
// through until they are answered: calls the host answers without
// waiting on another member (a model call waits only for the model). A
// member leaves its place as soon as it makes any other call (a tool
// call, which may wait for a message, a gate check, a sandbox command):
// the members it may wait for can then start.
var answeredCalls = map[string]bool{
	pb.AgentHost_Generate_FullMethodName:     true,
	pb.AgentHost_ListTools_FullMethodName:    true,
	pb.AgentHost_Log_FullMethodName:          true,
	pb.AgentHost_Budget_FullMethodName:       true,
	pb.AgentHost_SandboxNames_FullMethodName: true,
}

// callArrived is a starting member's call reaching the host: the member
// leaves its place now unless the call is one of answeredCalls.
func (sp *startPlace) callArrived(method string) {
	if !answeredCalls[method] {
		sp.leave()
	}
}
