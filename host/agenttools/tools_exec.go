package agenttools

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// ToolTimeout bounds one bash, python or exec call; the command and
// everything it started are killed then, and the model gets a "timeout"
// tool error with the output so far.
const ToolTimeout = 5 * time.Minute

var (
	bashInfo = model.ToolInfo{Name: "bash",
		Description: "Use this function to execute bash commands.",
		Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string",` +
			`"description":"The bash command to execute."}},"required":["command"]}`)}
	pythonInfo = model.ToolInfo{Name: "python",
		Description: "Use the python function to execute Python code. Each execution is independent: no state " +
			"is kept between runs, and only what the script prints (print()) is returned.",
		Parameters: json.RawMessage(`{"type":"object","properties":{"code":{"type":"string",` +
			`"description":"The python code to execute."}},"required":["code"]}`)}
	execInfo = model.ToolInfo{Name: "exec", Description: "Run a command (argv list, no shell) in your sandbox directory.",
		Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"array","items":{"type":"string"}}},"required":["command"]}`)}
)

// bash runs `bash --login -c command` as Inspect's bash tool does and
// returns stderr (then a newline) and stdout; a non-zero exit is not an
// error. The older argument name "cmd" is accepted too.
func (t *Set) bash(ctx context.Context, args map[string]any) (string, *model.ToolError) {
	cmd, ok := stringArg(args, "command", "cmd")
	if !ok {
		return "", parsing("bash needs a command (a string)")
	}
	return t.shell(ctx, sandbox.ExecRequest{Command: []string{"bash", "--login", "-c", cmd}, Timeout: ToolTimeout})
}

// python runs the code with python3 on stdin, as Inspect's python tool.
func (t *Set) python(ctx context.Context, args map[string]any) (string, *model.ToolError) {
	code, ok := stringArg(args, "code")
	if !ok {
		return "", parsing("python needs code (a string)")
	}
	return t.shell(ctx, sandbox.ExecRequest{Command: []string{"bash", "--login", "-c", "python3 -"}, Input: code,
		Timeout: ToolTimeout})
}

// shell runs req and formats its output as Inspect's exec tools do.
func (t *Set) shell(ctx context.Context, req sandbox.ExecRequest) (string, *model.ToolError) {
	res, err := t.sb.Exec(ctx, req)
	out := res.Stdout
	if res.Stderr != "" {
		out = res.Stderr + "\n" + out
	}
	if err != nil {
		return out, &model.ToolError{Type: "unknown", Message: err.Error()}
	}
	if res.TimedOut {
		return out, &model.ToolError{Type: "timeout", Message: "Command timed out before completing."}
	}
	return out, nil
}

// exec runs an argv list; a non-zero exit is a tool error naming the code.
func (t *Set) exec(ctx context.Context, args map[string]any) (string, *model.ToolError) {
	raw, _ := args["command"].([]any)
	var argv []string
	for _, a := range raw {
		s, ok := a.(string)
		if !ok {
			return "", parsing("exec command must be a list of strings")
		}
		argv = append(argv, s)
	}
	if len(argv) == 0 {
		return "", parsing("exec needs a command")
	}
	res, err := t.sb.Exec(ctx, sandbox.ExecRequest{Command: argv, Timeout: ToolTimeout})
	if err != nil {
		return "", &model.ToolError{Type: "unknown", Message: err.Error()}
	}
	out := res.Stdout + res.Stderr
	if res.TimedOut {
		return out, &model.ToolError{Type: "timeout", Message: "Command timed out before completing."}
	}
	if res.ExitCode != 0 {
		return out, &model.ToolError{Type: "unknown", Message: fmt.Sprintf("exit code %d: %s", res.ExitCode, res.Stderr)}
	}
	return out, nil
}
