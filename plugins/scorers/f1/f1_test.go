package main

import (
	"testing"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/plugintest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestF1(t *testing.T) {
	t.Parallel()
	f1 := func(v float64, completion string) scorer.Score {
		return scorer.Score{Value: v, Answer: scorer.Text(completion)}
	}
	cases := map[string]plugintest.Case{
		"same word":  {Completion: "foo", Targets: []string{"foo"}, Want: f1(1, "foo")},
		"no overlap": {Completion: "foo1", Targets: []string{"foo"}, Want: f1(0, "foo1")},
		// {paris} vs {paris, texas}: P=1, R=1/2, F1=2/3.
		"partial":     {Completion: "Paris", Targets: []string{"Paris, Texas"}, Want: f1(0.67, "Paris")},
		"best target": {Completion: "Paris", Targets: []string{"Paris, Texas", "Paris"}, Want: f1(1, "Paris")},
		// {quick, brown, fox} vs {quick, fox, jumps, high}: 2 common,
		// P=2/3, R=1/2, F1=4/7=0.5714.
		"two of three": {Completion: "The quick brown fox", Targets: []string{"quick fox jumps high"},
			Want: f1(0.57, "The quick brown fox")},
		// Sets: the repeated "cat" counts once. {cat} vs {cat, dog}: 0.67.
		"set semantics": {Completion: "cat cat cat", Targets: []string{"cat dog"}, Want: f1(0.67, "cat cat cat")},
		// {3.14} vs {answer, is, 3.14}: P=1/3, R=1, F1=0.5.
		"number with full stop": {Completion: "The answer is 3.14.", Targets: []string{"3.14"},
			Want: f1(0.5, "The answer is 3.14.")},
		// An empty answer has precision 1 and recall 0: F1 0.
		"empty answer":  {Completion: "", Targets: []string{"x"}, Want: f1(0, "")},
		"blank targets": {Completion: "x", Targets: []string{"", "  "}, Want: f1(0, "x")},
		"stop word": {Config: map[string]any{"stop_words": []string{"Texas"}}, Completion: "Paris",
			Targets: []string{"Paris, Texas"}, Want: f1(1, "Paris")},
		"stop word removes answer": {Config: map[string]any{"stop_words": []string{"Paris"}}, Completion: "Paris",
			Targets: []string{"Paris, Texas"}, Want: f1(0, "Paris")},
	}
	plugintest.Run(t, &F1{}, cases)
}
