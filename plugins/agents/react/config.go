package main

import (
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/schema"
)

// Inspect's react() prompts, word for word (inspect_ai/agent/_types.py).
const (
	DefaultAssistantPrompt = "\nYou are a helpful assistant attempting to submit the best possible answer. You have " +
		"several tools available to help with finding the answer. You will see the result of tool calls right after " +
		"sending the message. Prioritize parallel tool calls: when operations are independent, run them in one " +
		"response — e.g. reading several files or running several searches at once — rather than one at a time. " +
		"Only sequence calls when one depends on another's result. Do some reasoning before your actions, " +
		"describing what tool calls you are going to use and how they fit into your plan.\n"
	DefaultSubmitPrompt = "\nWhen you have completed the task and have an answer, call the {submit}() tool to report it.\n"
	DefaultContinue     = "\nPlease proceed to the next step using your best judgement. If you believe you have " +
		"completed the task, please call the `{submit}()` tool with your final answer.\n"
	DefaultIncorrectMessage  = "Your submission was incorrect. Please proceed and attempt to find the correct answer."
	DefaultSubmitDescription = "Submit an answer for evaluation."
	// DefaultModelErrorMessage is what the model is told after a failed
	// call; %s is the error.
	DefaultModelErrorMessage = "The last model call failed: %s\nPlease continue."
)

// Config is a react member's `config` block (see configSchema).
type Config struct {
	Instructions      string `json:"instructions"`
	AssistantPrompt   string `json:"assistant_prompt"`
	SubmitPrompt      string `json:"submit_prompt"`
	OnContinue        string `json:"on_continue"`
	Attempts          int    `json:"attempts"`
	IncorrectMessage  string `json:"incorrect_message"`
	SubmitName        string `json:"submit_name"`
	SubmitDescription string `json:"submit_description"`
	AnswerOnly        bool   `json:"answer_only"`
	AnswerDelimiter   string `json:"answer_delimiter"`
	ModelErrors       int    `json:"model_errors"`
}

var configSchema = schema.Schema{Attributes: []schema.Attribute{
	{Name: "instructions", Type: "string", Default: "",
		Description: "agent-specific instructions, first in the system message"},
	{Name: "assistant_prompt", Type: "string", Default: DefaultAssistantPrompt,
		Description: "prompt on tool use and reasoning; \"\" for none"},
	{Name: "submit_prompt", Type: "string", Default: DefaultSubmitPrompt,
		Description: "prompt about the submit tool ({submit} is its name); unused when assistant_prompt names {submit}"},
	{Name: "on_continue", Type: "string", Default: DefaultContinue,
		Description: "user message sent when the model answers without calling a tool ({submit} is the tool's name)"},
	{Name: "attempts", Type: "number", Default: 1,
		Description: "submissions allowed; a failed gate check (gate = true on the task's first scorer) sends incorrect_message and the loop goes on"},
	{Name: "incorrect_message", Type: "string", Default: DefaultIncorrectMessage,
		Description: "user message after an incorrect submission with attempts left"},
	{Name: "submit_name", Type: "string", Default: "submit", Description: "name of the submit tool"},
	{Name: "submit_description", Type: "string", Default: DefaultSubmitDescription, Description: "description of the submit tool"},
	{Name: "answer_only", Type: "bool", Default: false,
		Description: "the completion is the submitted answer alone (else the model's text, the delimiter, then the answer)"},
	{Name: "answer_delimiter", Type: "string", Default: "\n\n", Description: "between the model's text and the answer"},
	{Name: "model_errors", Type: "number", Default: 3,
		Description: "failed model calls in a row the model is told about before the member ends errored; 0 ends it at the first"},
}}

// check reports config values no schema type can rule out.
func (c Config) check() []string {
	var problems []string
	if c.Attempts < 1 {
		problems = append(problems, fmt.Sprintf("attempts must be at least 1; got %d", c.Attempts))
	}
	if c.ModelErrors < 0 {
		problems = append(problems, fmt.Sprintf("model_errors must be 0 or more; got %d", c.ModelErrors))
	}
	if strings.TrimSpace(c.SubmitName) == "" {
		problems = append(problems, "submit_name must not be empty")
	}
	return problems
}

// systemPrompt is Inspect's system message: instructions, then the
// assistant prompt with the submit prompt (unless it names {submit}
// itself), joined by blank lines. The host's preamble is the input's last
// message, not part of it.
func (c Config) systemPrompt() string {
	var parts []string
	if c.Instructions != "" {
		parts = append(parts, c.Instructions)
	}
	if c.AssistantPrompt != "" {
		p := c.AssistantPrompt
		if !strings.Contains(p, "{submit}") && c.SubmitPrompt != "" {
			p += "\n" + c.SubmitPrompt
		}
		parts = append(parts, strings.ReplaceAll(p, "{submit}", c.SubmitName))
	}
	return strings.Join(parts, "\n\n")
}
