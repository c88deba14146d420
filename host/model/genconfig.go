package model

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// A generate config uses Inspect's GenerateConfig names. Keys in
// requestKeys go into the chat-completions request body (under the name
// given); hostKeys are the host's own (retries, timeouts, connections,
// streaming, extra body and headers). Any other key is an error, so a typo
// never silently changes an experiment.
var requestKeys = map[string]string{
	"temperature": "temperature", "top_p": "top_p", "top_k": "top_k", "max_tokens": "max_tokens",
	"seed": "seed", "stop_seqs": "stop", "frequency_penalty": "frequency_penalty",
	"presence_penalty": "presence_penalty", "logit_bias": "logit_bias", "logprobs": "logprobs",
	"top_logprobs": "top_logprobs", "parallel_tool_calls": "parallel_tool_calls",
	"reasoning_effort": "reasoning_effort",
}

// hostKeys and the kind of value each takes.
var hostKeys = map[string]string{
	"max_retries": "int", "timeout": "int", "attempt_timeout": "int", "max_connections": "int",
	"stream": "bool", "extra_body": "object", "extra_headers": "object",
}

// requestKinds is the kind of value each request key takes.
var requestKinds = map[string]string{
	"temperature": "number", "top_p": "number", "top_k": "int", "max_tokens": "int", "seed": "int",
	"stop_seqs": "strings", "frequency_penalty": "number", "presence_penalty": "number",
	"logit_bias": "object", "logprobs": "bool", "top_logprobs": "int", "parallel_tool_calls": "bool",
	"reasoning_effort": "string",
}

// ValidateConfig checks a generate config: known keys, values of the right
// kind. Numbers arrive as float64 (JSON); integers must be whole.
func ValidateConfig(cfg map[string]any) error {
	for _, k := range slices.Sorted(maps.Keys(cfg)) {
		kind, ok := requestKinds[k]
		if !ok {
			kind, ok = hostKeys[k]
		}
		if !ok {
			return fmt.Errorf("unknown generate config key %q (known: %s)", k, strings.Join(knownKeys(), ", "))
		}
		if !hasKind(cfg[k], kind) {
			return fmt.Errorf("generate config %s: want %s, got %v", k, kindName(kind), cfg[k])
		}
	}
	return nil
}

// ConfigKey is one key a model's generate config accepts, for the HCL
// reference (host/internal/docgen).
type ConfigKey struct {
	Name string
	// Value says what it takes: "a number", "a whole number", "a list of
	// strings", …
	Value string
	// Host says the key is the host's own (retries, timeouts, streaming,
	// extra body and headers) rather than a request field.
	Host bool
}

// ConfigKeys lists every generate config key ValidateConfig accepts, by name.
func ConfigKeys() []ConfigKey {
	var out []ConfigKey
	for _, k := range knownKeys() {
		kind, ok := requestKinds[k]
		if !ok {
			kind = hostKeys[k]
		}
		out = append(out, ConfigKey{Name: k, Value: kindName(kind), Host: !ok})
	}
	return out
}

func knownKeys() []string {
	keys := slices.Collect(maps.Keys(requestKeys))
	keys = slices.AppendSeq(keys, maps.Keys(hostKeys))
	slices.Sort(keys)
	return keys
}

func hasKind(v any, kind string) bool {
	switch kind {
	case "number":
		_, ok := v.(float64)
		return ok
	case "int":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "bool":
		_, ok := v.(bool)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "strings":
		return isStrings(v)
	}
	return false
}

func isStrings(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range list {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

func kindName(kind string) string {
	switch kind {
	case "int":
		return "a whole number"
	case "strings":
		return "a list of strings"
	case "object":
		return "an object"
	}
	return "a " + kind
}

// mergeConfig returns base overridden by call; nil when both are empty.
func mergeConfig(base, call map[string]any) map[string]any {
	if len(base) == 0 && len(call) == 0 {
		return nil
	}
	out := maps.Clone(base)
	if out == nil {
		out = map[string]any{}
	}
	maps.Copy(out, call)
	return out
}

// intOf reads a whole-number key; def when absent.
func intOf(cfg map[string]any, key string, def int) int {
	if f, ok := cfg[key].(float64); ok {
		return int(f)
	}
	return def
}

// eventConfig is the config as logged in a model event: Inspect's
// GenerateConfig keys only (stream is the host's own).
func eventConfig(cfg map[string]any) map[string]any {
	if _, ok := cfg["stream"]; !ok {
		return cfg
	}
	out := maps.Clone(cfg)
	delete(out, "stream")
	return out
}
