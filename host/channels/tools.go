package channels

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// Tool names of the messages channel.
const (
	ToolSend = "send_message"
	ToolRead = "read_messages"
	ToolList = "list_members"
)

// ErrorParsing is the type of a tool error about malformed arguments
// (Inspect's ToolCallError "parsing").
const ErrorParsing = "parsing"

// ToolInfos are the messages channel's tools with their JSON schemas.
var ToolInfos = []model.ToolInfo{
	{Name: ToolSend, Description: "Send a message to other members of the swarm. Returns the message's id.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"to":{"description":"a member's name, a list of names, or \"all\" (every other running member)","anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},` +
			`"message":{"type":"string","description":"the message text"},` +
			`"reply_to":{"type":"string","description":"the id of the message this one answers (optional)"},` +
			`"wake":{"type":"boolean","description":"wake a recipient waiting in read_messages (default true)","default":true}},` +
			`"required":["to","message"],"additionalProperties":false}`)},
	{Name: ToolRead, Description: "Read your unread messages, oldest first. With wait_seconds > 0 and nothing unread, wait for a message.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"wait_seconds":{"type":"number","description":"how long to wait for a message when none is unread (default 0: do not wait)","default":0}},` +
			`"required":[],"additionalProperties":false}`)},
	{Name: ToolList, Description: "List the members of the swarm in roster order with their role, state and status.",
		Parameters: json.RawMessage(`{"type":"object","properties":{},"required":[],"additionalProperties":false}`)},
}

// memberTools are one member's channel tools; the member is bound here, by
// the host, so no call can speak for another member.
type memberTools struct {
	b      *Bus
	member string
}

// Tools returns member's messages-channel tools.
func (b *Bus) Tools(member string) swarm.Tools { return &memberTools{b: b, member: member} }

// List returns the channel's tools.
func (t *memberTools) List() []model.ToolInfo { return ToolInfos }

// Call runs one channel tool call. Every result, error or not, ends with the
// status line while the member has unread messages.
func (t *memberTools) Call(ctx context.Context, call model.ToolCall) (string, *model.ToolError) {
	var content string
	var toolErr *model.ToolError
	switch call.Function {
	case ToolSend:
		content, toolErr = t.send(call)
	case ToolRead:
		content, toolErr = t.read(ctx, call.Arguments)
	case ToolList:
		content = MembersText(t.b.Members(t.member))
	default:
		return "", &model.ToolError{Type: "unknown", Message: "unknown tool " + call.Function}
	}
	status := StatusLine(t.b.unread(t.member))
	if toolErr != nil {
		toolErr.Message = joinLines(toolErr.Message, status)
		return content, toolErr
	}
	return joinLines(content, status), nil
}

// joinLines joins the non-empty parts with a blank line.
func joinLines(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "\n\n")
}
