package board

import (
	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// KindWaited is the evidence kind of one swarm_wait.
const KindWaited = "waited"

// CommHead is the head every shared_memory evidence payload starts with,
// as the package writes it: the acting member, its span, the loop that
// acted (a swarmhost member is one loop: its own span) and whether that
// loop is nested (never, here).
type CommHead struct {
	Version int     `json:"version"`
	Type    string  `json:"type"`
	Kind    string  `json:"kind"`
	Member  string  `json:"member"`
	SpanID  string  `json:"span_id"`
	Loop    *string `json:"loop"`
	Nested  bool    `json:"nested"`
}

// Record is a write as the "sent" evidence gives it.
type Record struct {
	ID           string   `json:"id"`
	Channel      string   `json:"channel"`
	Kind         string   `json:"kind"`
	Sender       string   `json:"sender"`
	To           []string `json:"to"`
	Recipients   []string `json:"recipients"`
	RoutedOut    []string `json:"routed_out"`
	Payload      string   `json:"payload"`
	Op           Op       `json:"op"`
	Wake         bool     `json:"wake"`
	ReplyTo      *string  `json:"reply_to"`
	SenderSpanID *string  `json:"sender_span_id"`
	ToolSpanID   *string  `json:"tool_span_id"`
}

// Op is a write's operation: its command, the arguments that name
// places, and what it does to each file.
type Op struct {
	Command    string  `json:"command"`
	Path       *string `json:"path,omitempty"`
	OldStr     *string `json:"old_str,omitempty"`
	InsertLine *int    `json:"insert_line,omitempty"`
	OldPath    *string `json:"old_path,omitempty"`
	NewPath    *string `json:"new_path,omitempty"`
	Files      []any   `json:"files"`
}

// FileChange is one file's entry of a write other than a rename.
type FileChange struct {
	File    string `json:"file"`
	Path    string `json:"path"`
	Base    *int   `json:"base"`
	Version int    `json:"version"`
	Deleted bool   `json:"deleted,omitempty"`
}

// FileMove is one file's entry of a rename.
type FileMove struct {
	File    string `json:"file"`
	OldPath string `json:"old_path"`
	NewPath string `json:"new_path"`
	Base    *int   `json:"base"`
	Version int    `json:"version"`
}

// Rejection names the control that refused a write and the reason the
// member got.
type Rejection struct {
	Control string `json:"control"`
	Reason  string `json:"reason"`
}

// Sent is the payload of a "sent" event: every write that reached
// the bus's checks, refused or not.
type Sent struct {
	CommHead
	Channel  string     `json:"channel"`
	Record   Record     `json:"record"`
	Rejected *Rejection `json:"rejected"`
}

// Delivered is the payload of a "delivered" event: a committed write.
type Delivered struct {
	CommHead
	Channel    string         `json:"channel"`
	Record     string         `json:"record"`
	Recipients []string       `json:"recipients"`
	Seq        int            `json:"seq"`
	Notify     []string       `json:"notify"`
	Result     map[string]any `json:"result"`
}

// FileShown is one file a read showed.
type FileShown struct {
	File    string  `json:"file"`
	Version int     `json:"version"`
	Record  string  `json:"record"`
	Lines   *string `json:"lines"`
	Deleted bool    `json:"deleted"`
}

// Read is the payload of a "read" event: a view or a listing.
type Read struct {
	CommHead
	Channel    string      `json:"channel"`
	Read       string      `json:"read"`
	ToolSpanID *string     `json:"tool_span_id"`
	Files      []FileShown `json:"files"`
	Listing    bool        `json:"listing"`
}

// NoticeFile is one file a notice named.
type NoticeFile struct {
	File    string `json:"file"`
	Version int    `json:"version"`
	Record  string `json:"record"`
}

// Notified is the payload of a "notified" event: the board's line of
// a notice.
type Notified struct {
	CommHead
	Channel string                  `json:"channel"`
	Notice  string                  `json:"notice"`
	Message *string                 `json:"message"`
	IDs     map[string][]NoticeFile `json:"ids"`
}

// WaitLimit is a wait's timeout as asked for and as applied, in seconds.
type WaitLimit struct {
	Requested *int `json:"requested"`
	Effective int  `json:"effective"`
}

// WaitFile is one file a wait result named.
type WaitFile struct {
	File    string `json:"file"`
	Version int    `json:"version"`
	Deleted bool   `json:"deleted"`
}

// WaitEnd is one member end a wait result named.
type WaitEnd struct {
	Member string `json:"member"`
	Status string `json:"status"`
}

// Waited is the payload of a "waited" event: one swarm_wait.
type Waited struct {
	CommHead
	Wait     string    `json:"wait"`
	Channels []string  `json:"channels"`
	Path     *string   `json:"path"`
	Timeout  WaitLimit `json:"timeout"`
	// Started is seconds from the board's start; Duration and Idle seconds.
	Started  swarm.Float `json:"started"`
	Duration swarm.Float `json:"duration"`
	Idle     swarm.Float `json:"idle"`
	Outcome  string      `json:"outcome"`
	WokenBy  []int       `json:"woken_by"`
	Files    []WaitFile  `json:"files"`
	Ended    []WaitEnd   `json:"ended"`
}

// head is the payload head of kind for member.
func head(kind, member string) CommHead {
	span := channels.SpanID(member)
	return CommHead{Version: channels.EvidenceVersion, Type: channels.EvidenceComm, Kind: kind, Member: member, SpanID: span, Loop: &span}
}

// addBoard records one info event in member's span. Callers hold b.mu.
func (b *Board) addBoard(member string, data any) {
	b.evidence.Add(newInfo(b.clock.Now(), member, data))
}

// entries are the changes as a record's op and the delivered result give
// them.
func entries(command string, cs []change) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		var base *int
		if c.oldPath != "" {
			base = &c.base
		}
		if command == CmdRename {
			out[i] = FileMove{File: c.file, OldPath: c.oldPath, NewPath: c.path, Base: base, Version: c.version}
			continue
		}
		out[i] = FileChange{File: c.file, Path: c.path, Base: base, Version: c.version, Deleted: c.deleted}
	}
	return out
}
