package eval

import (
	"context"
	"sync"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// freezer keeps a sample's sandboxes as their members left them, from each
// member's end to the scoring (issue 27: a member that kept replacing
// /bin/sh after its end decided an exec scorer's verdict). Each member
// reaches its sandboxes through sandbox.MemberSide values, closed at its
// end, so its later tool calls and sandbox calls are refused; a sandbox no
// running member reaches any more is frozen by its provider
// (sandbox.Freezer: a container paused, a pod's leftover processes killed,
// a local cell closed), so that nothing a member left running changes it
// either; at the swarm's end every sandbox of the sample is.
type freezer struct {
	sbs   sandbox.Set
	mu    sync.Mutex
	sides map[string][]*sandbox.MemberSide // by member
	reach map[string]map[string]bool       // sandbox name → members still reaching it
	envs  map[string]sandbox.Env           // sandbox name → the provider's Env
	done  map[string]bool                  // frozen sandboxes
	wg    sync.WaitGroup
	log   interface{ Warn(string, ...any) }
}

func newFreezer(sbs sandbox.Set, log interface{ Warn(string, ...any) }) *freezer {
	return &freezer{sbs: sbs, sides: map[string][]*sandbox.MemberSide{}, reach: map[string]map[string]bool{},
		envs: map[string]sandbox.Env{}, done: map[string]bool{}, log: log}
}

// side is member's side of env, closed at the member's end.
func (f *freezer) side(member string, env sandbox.Env) sandbox.Env {
	if env == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s := sandbox.NewMemberSide(env, member)
	f.sides[member] = append(f.sides[member], s)
	name := env.Name()
	if f.reach[name] == nil {
		f.reach[name] = map[string]bool{}
	}
	f.reach[name][member] = true
	f.envs[name] = env
	return s
}

// MemberState closes an ended member's sides and freezes the sandboxes no
// running member reaches any more (swarm.Observer).
func (f *freezer) MemberState(member, state, _ string) {
	if state != swarm.StateEnded {
		return
	}
	f.mu.Lock()
	sides := f.sides[member]
	var idle []string
	for name, members := range f.reach {
		if members[member] {
			delete(members, member)
			if len(members) == 0 {
				idle = append(idle, name)
			}
		}
	}
	f.mu.Unlock()
	for _, s := range sides {
		s.Close()
	}
	for _, name := range idle {
		f.freeze(name, f.envs[name])
	}
}

// Stopping is no concern of the freezer's (swarm.Observer).
func (f *freezer) Stopping(string) {}

// freeze freezes one sandbox once, in the background; wait waits for it.
func (f *freezer) freeze(name string, env sandbox.Env) {
	f.mu.Lock()
	if f.done[name] || env == nil {
		f.mu.Unlock()
		return
	}
	f.done[name] = true
	f.mu.Unlock()
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
		defer cancel()
		if err := sandbox.Freeze(ctx, env); err != nil {
			f.log.Warn("sandbox not frozen", "sandbox", sandbox.Label(name), "error", err)
		}
	}()
}

// all closes every member's sides and freezes every sandbox of the sample,
// then waits until each is frozen: the swarm has returned, scoring follows.
func (f *freezer) all() {
	f.mu.Lock()
	var sides []*sandbox.MemberSide
	for _, s := range f.sides {
		sides = append(sides, s...)
	}
	f.mu.Unlock()
	for _, s := range sides {
		s.Close()
	}
	for _, name := range f.sbs.Names() {
		env, err := f.sbs.Named(name)
		if err == nil {
			f.freeze(name, env)
		}
	}
	f.wg.Wait()
}
