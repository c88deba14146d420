package board

import (
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/channels"
)

// isNews reports whether f's current state is news to m: a version written
// by another member, newer than any m has seen; a tombstone only when m saw
// the file, or a notice named it, before. Callers hold b.mu.
func (b *Board) isNews(m *boardMember, f *boardFile) bool {
	v, _ := byOthers(f, m.name)
	seen, known := m.seen[f.id]
	if v <= seen {
		return false
	}
	_, noticed := m.covered[f.id]
	return !f.deleted || known || noticed
}

// news are the files that are news to m and that no notice has covered at
// their current version, in creation order. Callers hold b.mu.
func (b *Board) news(m *boardMember) []*boardFile {
	var out []*boardFile
	for _, f := range b.files {
		v, _ := byOthers(f, m.name)
		if b.isNews(m, f) && m.covered[f.id] < v {
			out = append(out, f)
		}
	}
	return out
}

// labels name files as a status line or notice does: "f-3 new" for a file
// m has not seen (nor been told of), "f-3 deleted" for a tombstone, else
// the id; at most listedIDs, then "and N more". Callers hold b.mu.
func (b *Board) labels(m *boardMember, files []*boardFile, covered bool) string {
	out := make([]string, min(len(files), listedIDs))
	for i, f := range files[:len(out)] {
		_, told := m.covered[f.id]
		switch {
		case f.deleted:
			out[i] = f.id + " deleted"
		case m.seen[f.id] == 0 && !(covered && told):
			out[i] = f.id + " new"
		default:
			out[i] = f.id
		}
	}
	return idList(out, len(files))
}

// idList joins the first labels of count, then "and N more".
func idList(labels []string, count int) string {
	if count <= len(labels) {
		return strings.Join(labels, ", ")
	}
	return fmt.Sprintf("%s, and %d more", strings.Join(labels, ", "), count-len(labels))
}

// filesChanged counts files in a sentence.
func filesChanged(n int, kind string) string {
	if n == 1 {
		return "1 " + kind + "file has changed since you last viewed it"
	}
	return fmt.Sprintf("%d %sfiles have changed since you last viewed them", n, kind)
}

// statusLine is the line that ends every board result while files are
// news to member; "" when none. Callers hold b.mu.
func (b *Board) statusLine(member string) string {
	m := b.members[member]
	files := b.news(m)
	if len(files) == 0 {
		return ""
	}
	return fmt.Sprintf("Shared memory: %s (%s).", filesChanged(len(files), ""), b.labels(m, files, true))
}

// writers are the distinct writers of the files' versions that are news
// to member, sorted.
func writers(files []*boardFile, member string) string {
	var names []string
	for _, f := range files {
		_, w := byOthers(f, member)
		if !slices.Contains(names, w) {
			names = append(names, w)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// Notice is the runtime's turn-boundary hook for member: in notify mode,
// one line naming the files that changed since member last viewed them and
// that no earlier notice named, with their writers (never content), which
// this notice then covers; "" when there are none or in poll mode.
func (b *Board) Notice(member string) string {
	text, _ := b.NoticeMessage(member)
	return text
}

// NoticeMessage is Notice with the id of the message the notice is (from
// Options.NewID), which its "notified" evidence names.
func (b *Board) NoticeMessage(member string) (text, id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.members[member]
	if m == nil || m.delivery != channels.DeliveryNotify || !b.running(member) {
		return "", ""
	}
	files := b.news(m)
	if len(files) == 0 {
		return "", ""
	}
	labels := b.labels(m, files, true)
	ids := make([]NoticeFile, len(files))
	for i, f := range files {
		m.covered[f.id] = f.version
		ids[i] = NoticeFile{File: f.id, Version: f.version, Record: f.record}
	}
	if b.newID != nil {
		id = b.newID()
	}
	b.addBoard(member, Notified{CommHead: head(channels.KindNotified, member), Channel: Channel,
		Notice: next("n", &b.lastNotice), Message: channels.Optional(id), IDs: map[string][]NoticeFile{"files": ids}})
	return fmt.Sprintf("[Swarm notice] %s (%s; written by %s). "+
		`To see one, call shared_memory(command="view", path="%s"); path="%s" lists every file.`,
		filesChanged(len(files), "shared memory "), labels, writers(files, member), files[0].id, Root), id
}

// joinStatus ends a result with the status line, when there is one.
func joinStatus(result, status string) string {
	if status == "" {
		return result
	}
	return result + "\n" + status
}

// acknowledge is a write's short answer: the caller's own paths, ids and
// versions, never content.
func acknowledge(w WriteRequest, cs []change) string {
	c := cs[0]
	switch w.Command {
	case CmdCreate, CmdAppend:
		if c.oldPath == "" {
			return fmt.Sprintf("Created %s as %s (version 1).", c.path, c.file)
		}
		if w.Command == CmdCreate {
			return fmt.Sprintf("Replaced %s (%s); it is now version %d.", c.path, c.file, c.version)
		}
		return fmt.Sprintf("Appended to %s (%s); it is now version %d.", c.path, c.file, c.version)
	case CmdStrReplace:
		return fmt.Sprintf("Edited %s (%s); it is now version %d.", c.path, c.file, c.version)
	case CmdInsert:
		return fmt.Sprintf("Inserted text after line %d of %s (%s); it is now version %d.", *w.InsertLine, c.path, c.file, c.version)
	case CmdDelete:
		if len(cs) == 1 && c.oldPath == *w.Path {
			return fmt.Sprintf("Deleted %s (%s).", *w.Path, c.file)
		}
		return fmt.Sprintf("Deleted %s under %s (%s).", plural(len(cs), "file"), *w.Path, changeIDs(cs))
	}
	if len(cs) == 1 && c.oldPath == *w.OldPath {
		return fmt.Sprintf("Renamed %s to %s (%s); it is now version %d.", *w.OldPath, *w.NewPath, c.file, c.version)
	}
	return fmt.Sprintf("Renamed %s to %s (%s).", *w.OldPath, *w.NewPath, plural(len(cs), "file"))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func changeIDs(cs []change) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.file
	}
	return strings.Join(ids, ", ")
}
