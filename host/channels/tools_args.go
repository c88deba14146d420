package channels

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// send parses send_message's arguments and hands the request to the bus;
// malformed arguments are a rejection too, so they leave evidence.
func (t *memberTools) send(call model.ToolCall) (string, *model.ToolError) {
	req := sendRequest(call.Arguments)
	if call.ParseError != "" {
		req.Malformed = "bad arguments: " + call.ParseError
	}
	res := t.b.Send(t.member, req)
	if !res.Accepted() {
		return "", &model.ToolError{Type: errorType(res.Rule), Message: res.Reason}
	}
	return fmt.Sprintf("Sent %s to %s.", res.ID, strings.Join(res.Recipients, ", ")), nil
}

// errorType is the tool error type of a rejection: "limit" for a storm
// control, "parsing" for malformed arguments, else "permission".
func errorType(rule string) string {
	switch {
	case IsControl(rule):
		return "limit"
	case rule == RuleBadArguments:
		return ErrorParsing
	}
	return "permission"
}

// sendRequest reads send_message's arguments.
func sendRequest(args map[string]any) SendRequest {
	req := SendRequest{Wake: true}
	var bad []string
	switch to := args["to"].(type) {
	case string:
		req.To = []string{to}
	case []any:
		for _, a := range to {
			s, ok := a.(string)
			if !ok {
				bad = append(bad, `"to" must be a name, a list of names, or "all"`)
				break
			}
			req.To = append(req.To, s)
		}
	case nil:
	default:
		bad = append(bad, `"to" must be a name, a list of names, or "all"`)
	}
	msg, ok := args["message"].(string)
	if _, present := args["message"]; present && !ok {
		bad = append(bad, `"message" must be a string`)
	}
	req.Message = msg
	if v, present := args["reply_to"]; present && v != nil {
		if req.ReplyTo, ok = v.(string); !ok {
			bad = append(bad, `"reply_to" must be a message id like "m-3"`)
		}
	}
	if v, present := args["wake"]; present && v != nil {
		if req.Wake, ok = v.(bool); !ok {
			bad = append(bad, `"wake" must be true or false`)
		}
	}
	if len(bad) > 0 {
		req.Malformed = "bad arguments: " + strings.Join(bad, "; ")
	}
	return req
}

// read parses read_messages' arguments, reads and renders the result.
func (t *memberTools) read(ctx context.Context, args map[string]any) (string, *model.ToolError) {
	wait, err := waitArg(args["wait_seconds"])
	if err != "" {
		return "", &model.ToolError{Type: ErrorParsing, Message: err}
	}
	return ReadText(t.b.Read(ctx, t.member, wait)), nil
}

// waitArg reads wait_seconds: a number ≥ 0 (or absent, 0).
func waitArg(v any) (time.Duration, string) {
	var f float64
	switch x := v.(type) {
	case nil:
		return 0, ""
	case float64:
		f = x
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case string:
		var err error
		if f, err = strconv.ParseFloat(x, 64); err != nil {
			return 0, "wait_seconds must be a number of seconds"
		}
	default:
		return 0, "wait_seconds must be a number of seconds"
	}
	if f < 0 || f != f {
		return 0, "wait_seconds must be 0 or more"
	}
	return time.Duration(f * float64(time.Second)), ""
}
