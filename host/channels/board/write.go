package board

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/swarmhost/swarmhost/host/channels"
)

// Controls that refuse a write after its record exists, as the "sent"
// evidence names them.
const (
	ControlRate     = "rate"
	ControlAdmit    = "admit"
	ControlLiveness = "liveness"
	ControlPayload  = "payload"
)

// Write is the one function every board write passes through. member is
// bound by the host, never read from the arguments. Under one lock it
// refuses a write from a member not running or while the swarm stops (no
// record), plans the write against the board (a refusal there makes no
// record either), gives the record its id, applies the rate and the
// board's limits (a refusal is "sent" evidence with the control), and
// otherwise writes "sent", commits, writes "delivered" and releases the
// waits the write concerns. It returns the acknowledgment and the status
// line of files changed since member last viewed them.
func (b *Board) Write(member string, w WriteRequest) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.running(member) {
		return "", toolErr("%s has ended.", member)
	}
	if b.stopping {
		return "", toolErr("The swarm is stopping: the board takes no more writes.")
	}
	changes, err := b.plan(member, w)
	if err != nil {
		return "", err
	}
	rec := Record{ID: next("w", &b.lastRecord), Channel: Channel, Kind: w.Command, Sender: member,
		To: []string{}, Recipients: []string{}, RoutedOut: []string{}, Payload: w.Payload, Wake: true,
		Op: Op{Command: w.Command, Path: w.Path, OldStr: w.OldStr, InsertLine: w.InsertLine,
			OldPath: w.OldPath, NewPath: w.NewPath, Files: entries(w.Command, changes)}}
	loop := channels.SpanID(member)
	rec.SenderSpanID, rec.ToolSpanID = &loop, channels.Optional(w.ToolSpan)
	if rej := b.refuse(member, w, changes); rej != nil {
		b.addBoard(member, Sent{CommHead: head(channels.KindSent, member), Channel: Channel, Record: rec, Rejected: rej})
		return "", toolErr("%s", rej.Reason)
	}
	b.addBoard(member, Sent{CommHead: head(channels.KindSent, member), Channel: Channel, Record: rec})
	notify := b.apply(member, rec.ID, w.Command, changes)
	b.seq++
	b.addBoard(member, Delivered{CommHead: head(channels.KindDelivered, member), Channel: Channel,
		Record: rec.ID, Recipients: []string{}, Seq: b.seq, Notify: notify,
		Result: map[string]any{"files": entries(w.Command, changes)}})
	b.wake(member, changes, b.seq)
	return joinStatus(acknowledge(w, changes), b.statusLine(member)), nil
}

// refuse applies the checks made once the record exists: valid text, the
// member's rate, the board's limits. Callers hold b.mu.
func (b *Board) refuse(member string, w WriteRequest, changes []change) *Rejection {
	if !utf8.ValidString(w.Payload) {
		return &Rejection{ControlPayload, fmt.Sprintf("the %s is not valid UTF-8 text", w.Command)}
	}
	if wait, ok := b.rateWait(b.members[member]); !ok {
		return &Rejection{ControlRate, fmt.Sprintf("rate limit: retry in %d s", wait)}
	}
	if reason := b.limits(changes); reason != "" {
		return &Rejection{ControlAdmit, reason}
	}
	return nil
}

// rateWait reports whether another commit of m fits the rate, and when
// not, the whole seconds to wait. Callers hold b.mu.
func (b *Board) rateWait(m *boardMember) (int, bool) {
	return b.cfg.Rate.Wait(&m.writes, b.clock.Now())
}

// limits checks the board after the changes: each file's bytes and lines,
// the live files, all bytes. "" when they fit. Callers hold b.mu.
func (b *Board) limits(changes []change) string {
	files, size := len(b.paths), b.bytes
	for _, c := range changes {
		if old := b.byID[c.file]; old != nil && !old.deleted {
			files--
			size -= len(old.content)
		}
		if c.deleted {
			continue
		}
		files++
		n := len(c.content)
		size += n
		if n > b.cfg.MaxFileBytes {
			return fmt.Sprintf("%s would be %s bytes; the limit is %d", c.file, thousands(n), b.cfg.MaxFileBytes)
		}
		if lines := countLines(c.content); lines > b.cfg.MaxFileLines {
			return fmt.Sprintf("%s would have %s lines; the limit is %d", c.file, thousands(lines), b.cfg.MaxFileLines)
		}
	}
	if files > b.cfg.MaxFiles {
		return fmt.Sprintf("the board already holds %d files, its limit; delete one first", len(b.paths))
	}
	if size > b.cfg.MaxBoardBytes {
		return fmt.Sprintf("the board would hold %s bytes; the limit is %d", thousands(size), b.cfg.MaxBoardBytes)
	}
	return ""
}

// thousands writes n with its thousands separated by commas, as the
// package writes the sizes it refuses (the limits it names are plain).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// apply commits the changes as record rec of member and returns the
// running members to whom a written file is now news. Callers hold b.mu.
func (b *Board) apply(member, rec, command string, changes []change) []string {
	m := b.members[member]
	m.writes = append(m.writes, b.clock.Now())
	for _, c := range changes {
		if old := b.byID[c.file]; old != nil && !old.deleted {
			delete(b.paths, old.path)
			b.bytes -= len(old.content)
		}
	}
	written := make([]*boardFile, len(changes))
	for i, c := range changes {
		written[i] = b.commit(m, rec, command, c)
	}
	notify := []string{}
	for _, name := range b.roster {
		if name == member || !b.running(name) {
			continue
		}
		for _, f := range written {
			if f.writer != name && b.isNews(b.members[name], f) {
				notify = append(notify, name)
				break
			}
		}
	}
	return notify
}

// commit stores one change. A blind append shows the writer nothing: it
// has seen the new version only if it had seen the one appended to.
// Callers hold b.mu.
func (b *Board) commit(m *boardMember, rec, command string, c change) *boardFile {
	old := b.byID[c.file]
	f := &boardFile{id: c.file, path: c.path, content: c.content, deleted: c.deleted, version: c.version,
		writer: m.name, record: rec}
	if old == nil {
		b.files = append(b.files, f)
	} else {
		f.peerVersion, f.peerWriter = byOthers(old, m.name)
		*old = *f
		f = old
	}
	b.byID[f.id] = f
	if !f.deleted {
		b.paths[f.path] = f
		b.bytes += len(f.content)
	}
	if command != CmdAppend || c.oldPath == "" || m.seen[f.id] == c.base {
		m.seen[f.id] = f.version
	} else if _, ok := m.seen[f.id]; !ok {
		m.seen[f.id] = 0
	}
	return f
}

// countLines counts a text's lines as the package does: newlines plus one.
func countLines(s string) int {
	n := 1
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
		}
	}
	return n
}
