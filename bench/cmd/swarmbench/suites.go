package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// memberSteps is a benchmark member's script: 5 model calls, then the
// message steps (none without messages), then its answer.
func memberSteps(messaging ...string) string {
	steps := []string{
		`{ action = "generate", prompt = "Work on it." }`,
		`{ action = "generate" }`,
		`{ action = "generate" }`,
		`{ action = "generate" }`,
		`{ action = "generate", prompt = "Answer now." }`,
	}
	steps = append(steps, messaging...)
	steps = append(steps, `{ action = "submit", answer = "42" }`)
	return "[\n        " + strings.Join(steps, ",\n        ") + ",\n      ]"
}

// The message steps of a pair a-i / b-i. Every a starts before every b
// (member blocks start in order), so b-i sends first, to an a-i that is
// running: a-i waits for that message before it replies, and b-i waits
// for the reply before it answers, so neither send can find its partner
// not yet started or already ended. Each member sends exactly one message.
const (
	stepsA = `{ action = "read", wait = "120s" }|{ action = "send", to = "b-{index}", message = "hello from {member}" }`
	stepsB = `{ action = "send", to = "a-{index}", message = "hello from {member}" }|{ action = "read", wait = "120s" }`
)

// scaleSuite is the member-scale suite: one sample and var.n scripted
// members (stop_on_submission = false, so every member runs to its end).
// With messages, var.n must be even and at least 4: the members form pairs
// a-i / b-i that exchange one message each through the messages channel.
// The peer's variant has none: Inspect Swarm 0.1.0 has no messages
// channel (its members share a filesystem or shared_memory records).
func scaleSuite(messages bool) string {
	var b strings.Builder
	b.WriteString(`variable "n" {
  type    = number
  default = 10
}

model "default" {
  provider = "mockllm"
}

task "one" {
  dataset {
    file = "samples.jsonl"
  }
  scorer "match" {}
}

swarm "scale" {
`)
	if messages {
		for _, side := range [][2]string{{"a", stepsA}, {"b", stepsB}} {
			fmt.Fprintf(&b, "  member \"scripted\" {\n    name  = %q\n    count = var.n / 2\n    config {\n      steps = %s\n    }\n  }\n",
				side[0], memberSteps(strings.Split(side[1], "|")...))
		}
		b.WriteString("  channels = [\"filesystem\", \"messages\"]\n")
	} else {
		fmt.Fprintf(&b, "  member \"scripted\" {\n    name  = \"m\"\n    count = var.n\n    config {\n      steps = %s\n    }\n  }\n", memberSteps())
	}
	b.WriteString(`  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "scale" {
  task  = task.one
  swarm = swarm.scale
}
`)
	return b.String()
}

// writeSuite writes a suite and a dataset of n identical samples into a
// fresh directory under the work directory and returns the directory.
func (e *env) writeSuite(name, suite string, samples int) (string, error) {
	dir := filepath.Join(e.work, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var data strings.Builder
	for i := 1; i <= samples; i++ {
		fmt.Fprintf(&data, "{\"id\": %d, \"input\": \"What is 6 times 7?\", \"target\": \"42\"}\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "samples.jsonl"), []byte(data.String()), 0o644); err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(suite), 0o644)
}
