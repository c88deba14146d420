package main

import (
	"testing"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/plugintest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestExact(t *testing.T) {
	t.Parallel()
	c := func(completion string) scorer.Score {
		return scorer.Score{Value: scorer.Correct, Answer: scorer.Text(completion)}
	}
	i := func(completion string) scorer.Score {
		return scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(completion)}
	}
	cases := map[string]plugintest.Case{
		// "the" goes, "cat!" loses its "!", both sides casefold.
		"articles punctuation case": {Completion: "The Cat!", Targets: []string{"cat"}, Want: c("The Cat!")},
		"plain":                     {Completion: "foo", Targets: []string{"foo"}, Want: c("foo")},
		"any target":                {Completion: "foo", Targets: []string{"foobar", "boofar", "foo"}, Want: c("foo")},
		"different word":            {Completion: "foo1", Targets: []string{"foo"}, Want: i("foo1")},
		// Tokens are compared in order, not as a set.
		"order matters":        {Completion: "cat dog", Targets: []string{"dog cat"}, Want: i("cat dog")},
		"repeats matter":       {Completion: "cat cat", Targets: []string{"cat"}, Want: i("cat cat")},
		"hyphen splits":        {Completion: "well-known", Targets: []string{"well known"}, Want: c("well-known")},
		"numbers as floats":    {Completion: "3", Targets: []string{"3.0"}, Want: c("3")},
		"number in brackets":   {Completion: "(3.14)", Targets: []string{"3.14"}, Want: c("(3.14)")},
		"thousands":            {Completion: "$1,000.", Targets: []string{"1000"}, Want: c("$1,000.")},
		"apostrophe":           {Completion: "don't", Targets: []string{"dont"}, Want: c("don't")},
		"initialism":           {Completion: "U.S.", Targets: []string{"US"}, Want: c("U.S.")},
		"whitespace":           {Completion: "  New\tYork \n", Targets: []string{"new york"}, Want: c("  New\tYork \n")},
		"leading space target": {Completion: "hello", Targets: []string{" hello"}, Want: c("hello")},
		// Blank targets are skipped, even against a blank answer.
		"blank target skipped": {Completion: "", Targets: []string{" "}, Want: i("")},
		"only articles":        {Completion: "the", Targets: []string{"a"}, Want: c("the")},
		"no targets":           {Completion: "x", Want: i("x")},
	}
	plugintest.Run(t, &Exact{}, cases)
}
