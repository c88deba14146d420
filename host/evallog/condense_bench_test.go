package evallog

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// swarmSample is a sample shaped like a swarm's: members agents, each in its own span with
// calls model calls over a growing conversation (a long shared system prompt, its own task,
// then a tool call and its result per turn), a tool event per turn and a result.
func swarmSample(members, calls int) EvalSample {
	s := fixtureSample(StringID("swarm"), "Solve the task together.", "42")
	system := strings.Repeat("You are one member of a swarm; coordinate through the board. ", 10)
	tools := []ToolInfo{{Name: "bash", Description: "Run a bash command in the sample's sandbox and return its output.",
		Parameters: ToolParams{Properties: map[string]JSONSchema{"cmd": {Type: "string", Description: "The command."}}, Required: []string{"cmd"}}}}
	for m := range members {
		span := fmt.Sprintf("span-%d", m)
		base := func(t float64) EventBase {
			return EventBase{UUID: NewID(), SpanID: span, Timestamp: at(t), WorkingStart: t}
		}
		conv := []ChatMessage{
			{ID: "sys", Role: RoleSystem, Content: TextContent(system)},
			{ID: fmt.Sprintf("task-%d", m), Role: RoleUser, Source: "input", Content: TextContent(fmt.Sprintf("Member %d: %s", m, strings.Repeat("find the answer and submit it. ", 5)))},
		}
		s.Events = append(s.Events, &SpanBeginEvent{EventBase: base(0), ID: span, Name: fmt.Sprintf("member-%d", m), Type: SpanTypeAgent})
		for c := range calls {
			call := ToolCall{ID: fmt.Sprintf("call-%d-%d", m, c), Function: "bash", Arguments: map[string]any{"cmd": fmt.Sprintf("ls /work/%d", c)}, Type: "function"}
			out := ChatMessage{ID: fmt.Sprintf("a-%d-%d", m, c), Role: RoleAssistant, Model: "m", Source: "generate",
				Content: TextContent("Let me look at the files first."), ToolCalls: []ToolCall{call}}
			s.Events = append(s.Events, &ModelEvent{EventBase: base(float64(c)), Model: "openai/m", Input: append([]ChatMessage(nil), conv...),
				Tools: tools, ToolChoice: ToolChoiceAuto, Config: GenerateConfig{},
				Output: ModelOutput{Model: "m", Completion: out.Content.Text, Usage: &ModelUsage{InputTokens: 300, OutputTokens: 20, TotalTokens: 320},
					Choices: []ChatCompletionChoice{{Message: out, StopReason: StopReasonToolCalls}}},
				Completed: at(float64(c) + 0.5), WorkingTime: Seconds(0.5)})
			result := fmt.Sprintf("file-%d.txt\nnotes-%d.md\n", c, m)
			s.Events = append(s.Events, &ToolEvent{EventBase: base(float64(c) + 0.6), Type: "function", ID: call.ID, Function: "bash",
				Arguments: call.Arguments, Result: result, Completed: at(float64(c) + 0.7), WorkingTime: Seconds(0.1)})
			conv = append(conv, out, ChatMessage{ID: fmt.Sprintf("t-%d-%d", m, c), Role: RoleTool, ToolCallID: call.ID, Function: "bash", Content: TextContent(result)})
		}
		s.Events = append(s.Events, &InfoEvent{EventBase: base(9), Source: "inspect_swarm", Data: map[string]any{"version": 1, "member": m, "status": "submitted"}},
			&SpanEndEvent{EventBase: base(10), ID: span})
	}
	return s
}

// countingWriter counts what is written to it.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// BenchmarkWriteSwarmSample encodes a 200-member swarm's sample as an .eval log's sample
// document (compact events) and as a .json log's (indented), reporting the bytes written.
func BenchmarkWriteSwarmSample(b *testing.B) {
	s := swarmSample(200, 5)
	for _, c := range []struct{ name, prefix string }{{"eval", ""}, {"json", "    "}} {
		b.Run(c.name, func(b *testing.B) {
			var w countingWriter
			for range b.N {
				if err := writeSampleAt(&w, s, c.prefix); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(w.n)/float64(b.N), "bytes/sample")
		})
	}
}

var _ io.Writer = (*countingWriter)(nil)
