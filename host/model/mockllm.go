package model

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// DefaultMockOutput is mockllm's answer once its scripted outputs run out,
// as Inspect's mockllm/model.
const DefaultMockOutput = "Default output from mockllm/model"

// Mock is the deterministic "mockllm" provider. Scripted outputs are used in
// turn per caller (a member in a sample), so concurrent members cannot
// reorder each other's outputs.
type Mock struct {
	// name is the model's own name; full is Name's answer, made once
	// (every model event keeps it).
	name, full string
	config     map[string]any
	outputs    []mockOutput
	mu         sync.Mutex
	next       map[string]int
}

// NewMock builds a mockllm provider. Each output is either a string (the
// assistant's text) or an object (see mockOutput): text and/or tool calls,
// a stop reason, or an error, so an agent's tool loop can be scripted.
func NewMock(name string, outputs []any, config map[string]any) (*Mock, error) {
	if name == "" {
		name = "model"
	}
	m := &Mock{name: name, full: "mockllm/" + name, config: config, next: map[string]int{}}
	for i, o := range outputs {
		out, err := parseMockOutput(o)
		if err != nil {
			return nil, fmt.Errorf("mockllm output %d: %w", i+1, err)
		}
		m.outputs = append(m.outputs, out)
	}
	return m, nil
}

// Name returns "mockllm/<name>".
func (m *Mock) Name() string { return m.full }

// Generate answers with the caller's next scripted output; a scripted error
// is returned as a model error.
func (m *Mock) Generate(ctx context.Context, req Request) (Result, error) {
	res := Result{Config: eventConfig(mergeConfig(m.config, req.Config))}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if err := ValidateConfig(req.Config); err != nil {
		return res, err
	}
	start := time.Now()
	script, turn := m.take(req.Caller)
	if script.Error != "" {
		return res, errors.New(script.Error)
	}
	out := script.output(m.Name(), turn)
	out.Usage = MockUsage(req.Messages, out.Message)
	if u := script.Usage; u != nil {
		out.Usage = sdkmodel.Usage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens,
			TotalTokens: u.InputTokens + u.OutputTokens}
	}
	out.Time = time.Since(start).Seconds()
	res.Output = out
	return res, nil
}

// take returns the caller's next output and its 1-based turn number.
func (m *Mock) take(caller string) (mockOutput, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.next[caller]
	m.next[caller] = i + 1
	if i >= len(m.outputs) {
		return mockOutput{Content: DefaultMockOutput}, i + 1
	}
	return m.outputs[i], i + 1
}

// MockUsage counts ceil(chars/4) tokens over the input messages and over the
// output message, where a message's chars are its text plus, for each tool
// call, the function name and its arguments as JSON.
func MockUsage(input []sdkmodel.Message, output sdkmodel.Message) sdkmodel.Usage {
	chars := 0
	for _, msg := range input {
		chars += messageChars(msg)
	}
	in, out := ceil4(chars), ceil4(messageChars(output))
	return sdkmodel.Usage{InputTokens: in, OutputTokens: out, TotalTokens: in + out}
}

func messageChars(msg sdkmodel.Message) int {
	n := len([]rune(msg.Content))
	for _, c := range msg.ToolCalls {
		args, _ := json.Marshal(c.Arguments)
		n += len([]rune(c.Function)) + len([]rune(string(args)))
	}
	return n
}

func ceil4(n int) int64 { return int64((n + 3) / 4) }
