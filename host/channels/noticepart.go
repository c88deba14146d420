package channels

import "strings"

// NoticePart is one channel's part of a member's notice at a turn boundary:
// its line of text and what the notice message's metadata says of it, as
// Inspect Swarm writes a notice (metadata.inspect_swarm: type "notice", the
// notice's id and one line per channel naming the ids it covers).
type NoticePart struct {
	// Text is the line the member reads ("" for no notice).
	Text string
	// Channel is the channel's name ("shared_memory", "messages").
	Channel string
	// IDs are the ids the line covers, as its evidence names them.
	IDs any
	// Notice is the notice's id in the evidence ("n-1"; "" when the
	// channel numbers none) and MessageID the id of the message carrying it
	// ("" when the channel gives none).
	Notice, MessageID string
}

// NoticeMetadata is a notice message's metadata["inspect_swarm"], as
// Inspect Swarm writes it: the notice's id and, for each channel with
// news, the ids its line covers.
type NoticeMetadata struct {
	Version int          `json:"version"`
	Type    string       `json:"type"`
	ID      *string      `json:"id"`
	Lines   []NoticeLine `json:"lines"`
}

// NoticeLine is one channel's line in a notice's metadata.
type NoticeLine struct {
	Channel string `json:"channel"`
	IDs     any    `json:"ids"`
}

// NoticeType is NoticeMetadata's Type.
const NoticeType = "notice"

// JoinNotices is one member's notice from its channels' parts: their texts,
// one per line, the message id and notice id the first part with one gave,
// and the metadata naming each part's line. ok is false when no part has
// news.
func JoinNotices(parts []NoticePart) (text, messageID string, md NoticeMetadata, ok bool) {
	md = NoticeMetadata{Version: EvidenceVersion, Type: NoticeType, Lines: []NoticeLine{}}
	var lines []string
	for _, p := range parts {
		if p.Text == "" {
			continue
		}
		lines = append(lines, p.Text)
		md.Lines = append(md.Lines, NoticeLine{Channel: p.Channel, IDs: p.IDs})
		if messageID == "" {
			messageID = p.MessageID
		}
		if md.ID == nil && p.Notice != "" {
			md.ID = Optional(p.Notice)
		}
	}
	return strings.Join(lines, "\n"), messageID, md, len(lines) > 0
}
