package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/plugintest"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// c and i build the scores str_match_scorer returns: the explanation is
// always the completion.
func c(answer, completion string) scorer.Score {
	return scorer.Score{Value: scorer.Correct, Answer: scorer.Text(answer), Explanation: completion}
}

func i(answer, completion string) scorer.Score {
	return scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(answer), Explanation: completion}
}

func TestMatchText(t *testing.T) {
	t.Parallel()
	plugintest.Run(t, &Match{}, map[string]plugintest.Case{
		// The answer is the stripped completion; trailing "." is punctuation.
		"end with full stop": {Completion: "The answer is 42.", Targets: []string{"42"},
			Want: c("The answer is 42.", "The answer is 42.")},
		"end not at end": {Completion: "42 is the answer", Targets: []string{"42"},
			Want: i("42 is the answer", "42 is the answer")},
		"end strips surrounding whitespace": {Completion: "  Paris \n", Targets: []string{" paris "},
			Want: c("Paris", "  Paris \n")},
		"end brackets stripped": {Completion: "ANSWER: (B)", Targets: []string{"b"},
			Want: c("ANSWER: (B)", "ANSWER: (B)")},
		"begin": {Config: map[string]any{"location": "begin"}, Completion: "Yes, because...", Targets: []string{"yes"},
			Want: c("Yes, because...", "Yes, because...")},
		"begin fails at end": {Config: map[string]any{"location": "begin"}, Completion: "I say yes", Targets: []string{"yes"},
			Want: i("I say yes", "I say yes")},
		"any": {Config: map[string]any{"location": "any"}, Completion: "I think Paris is right", Targets: []string{"paris"},
			Want: c("I think Paris is right", "I think Paris is right")},
		"exact": {Config: map[string]any{"location": "exact"}, Completion: "Paris!", Targets: []string{"paris"},
			Want: c("Paris!", "Paris!")},
		"exact rejects extra words": {Config: map[string]any{"location": "exact"}, Completion: "Paris, France", Targets: []string{"paris"},
			Want: i("Paris, France", "Paris, France")},
		"case sensitive": {Config: map[string]any{"ignore_case": false}, Completion: "The answer is ABC", Targets: []string{"abc"},
			Want: i("The answer is ABC", "The answer is ABC")},
		"casefold sharp s": {Completion: "STRASSE", Targets: []string{"Straße"},
			Want: c("STRASSE", "STRASSE")},
		"second target matches": {Completion: "It is blue", Targets: []string{"red", "blue"},
			Want: c("It is blue", "It is blue")},
		// No target tried: no answer at all (Inspect's None), unlike an
		// empty completion's empty answer.
		"no targets":       {Completion: "anything", Want: scorer.Score{Value: scorer.Incorrect, Explanation: "anything"}},
		"empty completion": {Completion: "", Targets: []string{"42"}, Want: i("", "")},
	})
}

func TestMatchNumeric(t *testing.T) {
	t.Parallel()
	num := map[string]any{"numeric": true}
	at := func(loc string) map[string]any { return map[string]any{"numeric": true, "location": loc} }
	plugintest.Run(t, &Match{}, map[string]plugintest.Case{
		// $ and , go, both sides become format(x, ".5g"): 1000.5.
		"currency and separators": {Config: num, Completion: "$1,000.50", Targets: []string{"1000.5"},
			Want: c("1000.5", "$1,000.50")},
		"last number wins at end": {Config: num, Completion: "28 + 32 = 60\nThis solves the problem.", Targets: []string{"60"},
			Want: c("60", "28 + 32 = 60\nThis solves the problem.")},
		"markdown emphasis": {Config: num, Completion: "**ANSWER: 60**", Targets: []string{"60"},
			Want: c("60", "**ANSWER: 60**")},
		"latex escaped dollar": {Config: num, Completion: `\text{ANSWER: } \$460`, Targets: []string{"460"},
			Want: c("460", `\text{ANSWER: } \$460`)},
		// No fallback to text: "25" ends with "5" but 25 != 5.
		"no digit suffix match": {Config: num, Completion: "The answer is 25", Targets: []string{"5"},
			Want: i("25", "The answer is 25")},
		"percent is not a number": {Config: num, Completion: "28 + 32 = 60%", Targets: []string{"32"},
			Want: c("32", "28 + 32 = 60%")},
		"non-numeric target matches as text": {Config: num, Completion: "28 + 32 = 60%", Targets: []string{"60%"},
			Want: c("28 + 32 = 60%", "28 + 32 = 60%")},
		"five significant digits": {Config: num, Completion: "about 123460", Targets: []string{"123456"},
			Want: c("1.2346e+05", "about 123460")},
		"scientific target": {Config: num, Completion: "the value is 1000", Targets: []string{"1e3"},
			Want: c("1000", "the value is 1000")},
		"trailing zero": {Config: num, Completion: "2.0", Targets: []string{"2"}, Want: c("2", "2.0")},
		"negative": {Config: num, Completion: "the result is -5 exactly", Targets: []string{"-5"},
			Want: c("-5", "the result is -5 exactly")},
		"wrong sign":       {Config: num, Completion: "5", Targets: []string{"-5"}, Want: i("5", "5")},
		"no number at all": {Config: num, Completion: "no idea", Targets: []string{"7"}, Want: i("", "no idea")},
		// Inspect 0.3.260 reads "(42)" as a word, not a number.
		"parenthesised number": {Config: num, Completion: "The answer is (42)", Targets: []string{"42"},
			Want: i("", "The answer is (42)")},
		"vulgar fraction": {Config: num, Completion: "the result is ½", Targets: []string{"0.5"},
			Want: c("0.5", "the result is ½")},
		"chinese numeral": {Config: num, Completion: "result: 三", Targets: []string{"3"}, Want: c("3", "result: 三")},
		"fullwidth digits": {Config: num, Completion: "the answer is １２３", Targets: []string{"123"},
			Want: c("123", "the answer is １２３")},
		"begin takes first number": {Config: at("begin"), Completion: "50 is the answer, not 5", Targets: []string{"5"},
			Want: i("50", "50 is the answer, not 5")},
		"any finds a middle number": {Config: at("any"), Completion: "first 7 then 25 then done", Targets: []string{"25"},
			Want: c("25", "first 7 then 25 then done")},
		"any without match keeps completion": {Config: at("any"), Completion: "got 7 and 11", Targets: []string{"25"},
			Want: i("got 7 and 11", "got 7 and 11")},
		"exact rejects trailing text": {Config: at("exact"), Completion: "5 some text", Targets: []string{"5"},
			Want: i("5 some text", "5 some text")},
		"exact number": {Config: at("exact"), Completion: " 5.00 ", Targets: []string{"5"}, Want: c("5", " 5.00 ")},
	})
}

func TestMatchValidateConfig(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		set  map[string]any
		want []string // paths of error diagnostics
	}{
		"defaults":     {},
		"every option": {set: map[string]any{"location": "exact", "ignore_case": false, "numeric": true}},
		"bad location": {set: map[string]any{"location": "middle"}, want: []string{"location"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, d := range plugintest.Validate(t, &Match{}, tc.set) {
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

// TestMatchReads: match reads neither the record nor the store, so the
// host sends it neither (its Score needs only the output and the target).
func TestMatchReads(t *testing.T) {
	t.Parallel()
	if got := scorer.ReadsOf(&Match{}); got != scorer.ReadsNone {
		t.Errorf("ReadsOf = %v, want ReadsNone", got)
	}
}
