package main

import (
	"testing"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/plugintest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestIncludes(t *testing.T) {
	t.Parallel()
	score := func(value, answer, completion string) scorer.Score {
		return scorer.Score{Value: value, Answer: scorer.Text(answer), Explanation: completion}
	}
	caseSensitive := map[string]any{"ignore_case": false}
	plugintest.Run(t, &Includes{}, map[string]plugintest.Case{
		// The answer is the casefolded completion, as Inspect reports it.
		"substring any case": {Completion: "Hello WORLD", Targets: []string{"world"},
			Want: score(scorer.Correct, "hello world", "Hello WORLD")},
		"casefold sharp s": {Completion: "Die Straße", Targets: []string{"STRASSE"},
			Want: score(scorer.Correct, "die strasse", "Die Straße")},
		"absent": {Completion: "Hello there", Targets: []string{"world"},
			Want: score(scorer.Incorrect, "hello there", "Hello there")},
		"case sensitive miss": {Config: caseSensitive, Completion: "Hello WORLD", Targets: []string{"world"},
			Want: score(scorer.Incorrect, "Hello WORLD", "Hello WORLD")},
		"case sensitive hit": {Config: caseSensitive, Completion: "Hello world", Targets: []string{"world"},
			Want: score(scorer.Correct, "Hello world", "Hello world")},
		// No stripping: the target's spaces must be there too.
		"whitespace kept": {Completion: "abc", Targets: []string{" abc"},
			Want: score(scorer.Incorrect, "abc", "abc")},
		"any target": {Completion: "a cat sat", Targets: []string{"dog", "cat"},
			Want: score(scorer.Correct, "a cat sat", "a cat sat")},
		"empty target is included": {Completion: "x", Targets: []string{""},
			Want: score(scorer.Correct, "x", "x")},
		"no targets": {Completion: "x", Want: scorer.Score{Value: scorer.Incorrect, Explanation: "x"}},
	})
}
