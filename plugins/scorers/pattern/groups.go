package main

import (
	"regexp"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/pytext"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// noMatchPrefix starts the explanation of a NOANSWER score.
const noMatchPrefix = "Scoring pattern not matched in output: "

// score applies Inspect's pattern() rules to one completion:
//
//   - no match: NOANSWER, no answer;
//   - by default, the first capture group equal to a target (compared in
//     lowercase with ignore_case) is the answer and gives CORRECT; with
//     exactly one group and no equal target, that group is still reported
//     as the answer;
//   - with match_all, every group that took part must equal a target, and
//     the answer is the targets joined together.
//
// As in Inspect, an empty answer scores INCORRECT.
func score(re *regexp.Regexp, completion string, targets []string, cfg config) scorer.Score {
	loc := re.FindStringSubmatchIndex(completion)
	if loc == nil {
		return scorer.Score{Value: scorer.NoAnswer, Explanation: noMatchPrefix + completion}
	}
	groups := make([]*string, 0, len(loc)/2-1)
	for i := 2; i < len(loc); i += 2 {
		if loc[i] < 0 {
			groups = append(groups, nil)
			continue
		}
		g := completion[loc[i]:loc[i+1]]
		groups = append(groups, &g)
	}
	var found, answer *string
	if cfg.MatchAll {
		found = matchAllGroups(groups, targets, cfg.IgnoreCase)
		answer = found
	} else {
		found = matchFirst(groups, targets, cfg.IgnoreCase)
		answer = found
		if found == nil && len(groups) == 1 {
			answer = groups[0]
		}
	}
	s := scorer.Score{Value: scorer.Incorrect, Answer: answer, Explanation: completion}
	if deref(found) != "" {
		s.Value = scorer.Correct
	}
	return s
}

// matchTarget is Inspect's match_target: the group equals a target,
// both lowercased (Python's str.lower) with ignoreCase.
func matchTarget(group string, targets []string, ignoreCase bool) bool {
	if !ignoreCase {
		return slices.Contains(targets, group)
	}
	group = pytext.Lower(group)
	return slices.ContainsFunc(targets, func(t string) bool { return pytext.Lower(t) == group })
}

// matchFirst returns the first group that took part and equals a target.
func matchFirst(groups []*string, targets []string, ignoreCase bool) *string {
	for _, g := range groups {
		if g != nil && matchTarget(*g, targets, ignoreCase) {
			return g
		}
	}
	return nil
}

// matchAllGroups returns the joined targets when at least one group took
// part and every group that did equals a target.
func matchAllGroups(groups []*string, targets []string, ignoreCase bool) *string {
	took := false
	for _, g := range groups {
		if g == nil {
			continue
		}
		took = true
		if !matchTarget(*g, targets, ignoreCase) {
			return nil
		}
	}
	if !took {
		return nil
	}
	joined := strings.Join(targets, "")
	return &joined
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
