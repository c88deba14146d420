package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/plugintest"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestPatternScore(t *testing.T) {
	t.Parallel()
	c := func(answer, completion string) scorer.Score {
		return scorer.Score{Value: scorer.Correct, Answer: scorer.Text(answer), Explanation: completion}
	}
	i := func(answer, completion string) scorer.Score {
		return scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(answer), Explanation: completion}
	}
	// none is INCORRECT with no answer (Inspect's None, written null).
	none := func(completion string) scorer.Score {
		return scorer.Score{Value: scorer.Incorrect, Explanation: completion}
	}
	n := func(completion string) scorer.Score {
		return scorer.Score{Value: scorer.NoAnswer, Explanation: "Scoring pattern not matched in output: " + completion}
	}
	p := func(pattern string) map[string]any { return map[string]any{"pattern": pattern} }
	all := func(pattern string) map[string]any { return map[string]any{"pattern": pattern, "match_all": true} }
	plugintest.Run(t, &Pattern{}, map[string]plugintest.Case{
		"single group":        {Config: p("(foo)"), Completion: "foo", Targets: []string{"foo"}, Want: c("foo", "foo")},
		"wrong target":        {Config: p("(foo)"), Completion: "foo", Targets: []string{"bar"}, Want: i("foo", "foo")},
		"no match":            {Config: p("(foo)"), Completion: "model doesn't match", Targets: []string{"foo"}, Want: n("model doesn't match")},
		"search ignores case": {Config: p("(FOO)"), Completion: "foo", Targets: []string{"foo"}, Want: c("foo", "foo")},
		"case sensitive": {Config: map[string]any{"pattern": "(foo)", "ignore_case": false}, Completion: "FOO",
			Targets: []string{"FOO"}, Want: n("FOO")},
		"case sensitive compare": {Config: map[string]any{"pattern": "answer: (\\w+)", "ignore_case": false},
			Completion: "answer: Paris", Targets: []string{"paris"}, Want: i("Paris", "answer: Paris")},
		"templated answer": {Config: p(`ANSWER:\s*([A-D])`), Completion: "Thinking...\nANSWER: c",
			Targets: []string{"C"}, Want: c("c", "Thinking...\nANSWER: c")},
		// With several groups, the first group equal to a target is the answer.
		"first group":      {Config: p("(foo) (bar)"), Completion: "foo bar", Targets: []string{"foo"}, Want: c("foo", "foo bar")},
		"later group":      {Config: p("(foo) (bar)"), Completion: "foo bar", Targets: []string{"bar"}, Want: c("bar", "foo bar")},
		"no group matches": {Config: p("(foo) (bar)"), Completion: "foo bar", Targets: []string{"baz"}, Want: none("foo bar")},
		"exact targets only": {Config: p("(f[oz]o) (b[az]r)"), Completion: "foo bzr", Targets: []string{"bar"},
			Want: none("foo bzr")},
		"unmatched optional group": {Config: p("(x)?(foo)"), Completion: "foo", Targets: []string{"foo"}, Want: c("foo", "foo")},
		"no groups":                {Config: p("foo"), Completion: "foo", Targets: []string{"foo"}, Want: none("foo")},
		// match_all: every group equals a target; the answer is the targets joined.
		"all groups": {Config: all("(foo) (foo)"), Completion: "foo foo", Targets: []string{"foo"}, Want: c("foo", "foo foo")},
		"all joined": {Config: all(`(\d+)-(\d+)`), Completion: "range 3-4", Targets: []string{"3", "4"},
			Want: c("34", "range 3-4")},
		"all fails": {Config: all("(foo|bar) (foo|bar)"), Completion: "foo bar", Targets: []string{"bar"},
			Want: none("foo bar")},
		"all with no group taking part": {Config: all("(x)?(y)?foo"), Completion: "foo", Targets: []string{"foo"},
			Want: none("foo")},
		// An empty group equal to an empty target is falsy in Python: INCORRECT.
		"empty group": {Config: p("answer: (a*)"), Completion: "answer: ", Targets: []string{""}, Want: i("", "answer: ")},
		// Python's \d is any decimal digit; $ also matches before a final newline.
		"unicode digits":        {Config: p(`(\d+)`), Completion: "٤٢", Targets: []string{"٤٢"}, Want: c("٤٢", "٤٢")},
		"dollar before newline": {Config: p(`(\w+)$`), Completion: "the end\n", Targets: []string{"end"}, Want: c("end", "the end\n")},
		"python named group":    {Config: p(`(?P<letter>[A-D])\)`), Completion: "B) yes", Targets: []string{"b"}, Want: c("B", "B) yes")},
	})
}

func TestPatternValidateConfig(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		pattern string
		want    []string // paths of error diagnostics
	}{
		"simple":         {pattern: `ANSWER: (\w+)`},
		"named group":    {pattern: `(?P<x>\d+)`},
		"bad syntax":     {pattern: `(unclosed`, want: []string{"pattern"}},
		"lookahead":      {pattern: `(\d+)(?=%)`, want: []string{"pattern"}},
		"backreference":  {pattern: `(a)\1`, want: []string{"pattern"}},
		"verbose flag":   {pattern: `(?x) (a) # comment`, want: []string{"pattern"}},
		"unknown escape": {pattern: `\q(a)`, want: []string{"pattern"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, d := range plugintest.Validate(t, &Pattern{}, map[string]any{"pattern": tc.pattern}) {
				if d.Severity == diag.Error {
					got = append(got, d.Path.String())
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("diagnostic paths (-want +got):\n%s", diff)
			}
		})
	}
}
