package board

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/swarm"
)

// Outcomes of a swarm_wait, as its "waited" evidence records them.
const (
	// WaitNews: a watched file has a change the member has not viewed, or
	// another member ended.
	WaitNews = "news"
	// WaitAllWaiting: every running member is waiting, so nothing can change.
	WaitAllWaiting = "all_waiting"
	// WaitStopping: the swarm began to stop.
	WaitStopping = "stopping"
	// WaitMemberEnding: the waiting member itself ended.
	WaitMemberEnding = "member_ending"
	// WaitTimeout: the timeout passed.
	WaitTimeout = "timeout"
	// WaitCancelled: the call was cancelled.
	WaitCancelled = "cancelled"
)

// boardWaiter is one swarm_wait in progress. It is registered while it
// sleeps; a release sets reason and closes ch. A waiter released for news
// that is gone when it resumes sleeps again with a new ch.
type boardWaiter struct {
	id      string
	path    *string
	ch      chan struct{}
	reason  string
	wokenBy []int
	// idle is the time it counted as waiting; idleSince is set while it does.
	idle      time.Duration
	idleSince time.Time
}

// WaitRequest is one swarm_wait call's arguments; nil when not given.
type WaitRequest struct {
	Path    *string
	Timeout *int
}

// Wait is swarm_wait for member. It returns at once, or when it wakes, with
// the lines of what there is for member to look at: watched files (the
// whole board, a directory, a path or an id) with a change another member
// made that member has not viewed, ends of other members no earlier wait
// result named, and why it returned when not for news: every member
// waiting, the swarm stopping, member's own end, the timeout (default and
// at most max_wait). It names ids and members only, never content, and
// marks nothing viewed. Each call leaves "waited" evidence.
func (b *Board) Wait(ctx context.Context, member string, req WaitRequest) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.members[member]
	if m == nil || !b.running(member) {
		return "", toolErr("%s has ended.", member)
	}
	if m.waiter != nil {
		return "", toolErr("%s is already waiting: one swarm_wait at a time.", member)
	}
	effective := int(b.cfg.MaxWait / time.Second)
	if req.Timeout != nil {
		effective = min(max(*req.Timeout, 1), effective)
	}
	if req.Path != nil && !isFileID(*req.Path) {
		if err := checkPath(*req.Path); err != nil {
			return "", err
		}
	}
	w := &boardWaiter{id: next("x", &b.lastWait), path: req.Path}
	m.waiter = w
	defer func() { m.waiter = nil }()
	started := b.clock.Now()
	reason, err := b.sleep(ctx, m, w, started.Add(time.Duration(effective)*time.Second))
	ev := Waited{CommHead: head(KindWaited, member), Wait: w.id, Channels: []string{Channel},
		Path: req.Path, Timeout: WaitLimit{Requested: req.Timeout, Effective: effective},
		Started: swarm.Float(started.Sub(b.start).Seconds()), Files: []WaitFile{}, Ended: []WaitEnd{}, WokenBy: w.wokenBy}
	if ev.WokenBy == nil {
		ev.WokenBy = []int{}
	}
	defer func() {
		ev.Duration, ev.Idle = swarm.Float(b.clock.Now().Sub(started).Seconds()), swarm.Float(w.idle.Seconds())
		b.addBoard(member, ev)
	}()
	if err != nil {
		ev.Outcome = WaitCancelled
		return "", err
	}
	switch {
	case b.stopping:
		ev.Outcome = WaitStopping
	case m.state == swarm.StateEnded:
		ev.Outcome = WaitMemberEnding
	default:
		ev.Outcome = reason
	}
	var lines []string
	lines, ev.Files, ev.Ended = b.waitNews(m, w)
	if release := releaseLine(ev.Outcome, member, effective); release != "" {
		lines = append(lines, release)
	}
	return strings.Join(lines, "\n"), nil
}

// sleep waits until there is something to report, a release other than
// for news, the deadline or ctx's end. Callers hold b.mu; it is released
// while asleep.
func (b *Board) sleep(ctx context.Context, m *boardMember, w *boardWaiter, deadline time.Time) (string, error) {
	for {
		if b.finished(m) || b.reportable(m, w) {
			return WaitNews, nil
		}
		left := deadline.Sub(b.clock.Now())
		if left <= 0 {
			return WaitTimeout, nil
		}
		w.reason, w.ch = "", make(chan struct{})
		b.register(m, w)
		ch := w.ch
		b.mu.Unlock()
		var done, timedOut bool
		select {
		case <-ch:
		case <-b.clock.After(left):
			timedOut = true
		case <-ctx.Done():
			done = true
		}
		b.mu.Lock()
		b.unregister(m, w)
		switch {
		case done:
			return "", ctx.Err()
		case w.reason == "" && timedOut:
			return WaitTimeout, nil
		case w.reason != WaitNews && w.reason != "":
			return w.reason, nil
		}
	}
}

// finished reports whether member's waits serve nothing more. Callers
// hold b.mu.
func (b *Board) finished(m *boardMember) bool { return b.stopping || m.state == swarm.StateEnded }

// watched reports whether a wait's path covers f: the whole board, f's id,
// or f's path (a tombstone's last path) at or below it.
func watched(path *string, f *boardFile) bool {
	switch {
	case path == nil:
		return true
	case isFileID(*path):
		return f.id == *path
	}
	return f.path == *path || strings.HasPrefix(f.path, *path+"/") || *path == Root
}

// waitable reports whether f is news for m's wait: watched, a version by
// another member above what m has seen, a tombstone only of a file m saw.
// Callers hold b.mu.
func (b *Board) waitable(m *boardMember, w *boardWaiter, f *boardFile) bool {
	if !watched(w.path, f) {
		return false
	}
	v, _ := byOthers(f, m.name)
	seen, known := m.seen[f.id]
	return v > seen && (!f.deleted || known)
}

// reportable reports whether m's wait has something to report now.
// Callers hold b.mu.
func (b *Board) reportable(m *boardMember, w *boardWaiter) bool {
	for _, f := range b.files {
		if b.waitable(m, w, f) {
			return true
		}
	}
	for _, e := range b.ended {
		if e.name != m.name && !m.reported[e.name] {
			return true
		}
	}
	return false
}

// waitNews are a wait result's lines and evidence: the watched files with
// news and the unreported ends of others, which are then reported.
// Callers hold b.mu.
func (b *Board) waitNews(m *boardMember, w *boardWaiter) ([]string, []WaitFile, []WaitEnd) {
	var lines []string
	var files []*boardFile
	for _, f := range b.files {
		if b.waitable(m, w, f) {
			files = append(files, f)
		}
	}
	shown := []WaitFile{}
	if len(files) > 0 {
		lines = append(lines, fmt.Sprintf("%s changed where you wait (%s; written by %s). "+
			`To see one, call shared_memory(command="view", path="%s").`,
			plural(len(files), "shared memory file"), b.labels(m, files, false), writers(files, m.name), files[0].id))
		for _, f := range files[:min(len(files), listedIDs)] {
			shown = append(shown, WaitFile{File: f.id, Version: f.version, Deleted: f.deleted})
		}
	}
	ends := []WaitEnd{}
	var said []string
	for _, e := range b.ended {
		if e.name != m.name && !m.reported[e.name] {
			m.reported[e.name] = true
			ends = append(ends, WaitEnd{Member: e.name, Status: e.status})
			said = append(said, fmt.Sprintf("%s ended (%s).", e.name, e.status))
		}
	}
	if len(said) > 0 {
		lines = append(lines, strings.Join(said, " "))
	}
	return lines, shown, ends
}

// releaseLine says why a wait returned, unless for news.
func releaseLine(outcome, member string, effective int) string {
	switch outcome {
	case WaitAllWaiting:
		return "Nothing can change now: every member is waiting, has ended or has not started."
	case WaitStopping:
		return "The swarm is stopping."
	case WaitMemberEnding:
		return member + " is ending: its own agent has finished."
	case WaitTimeout:
		return fmt.Sprintf("Nothing you waited for happened in %d s.", effective)
	}
	return ""
}
