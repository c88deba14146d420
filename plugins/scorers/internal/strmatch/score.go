package strmatch

import "github.com/swarmhost/swarmhost/sdk/scorer"

// Check compares a completion with one target; it returns the answer it
// extracted and whether the target matched.
type Check func(completion, target string) (answer string, matched bool)

// Score is Inspect's str_match_scorer: the first target that matches gives
// CORRECT with that answer; otherwise INCORRECT with the answer from the last
// target tried (none when there are no targets, as Inspect's stays None).
// The explanation is always the completion.
func Score(completion string, targets []string, check Check) scorer.Score {
	var answer *string
	for _, t := range targets {
		got, matched := check(completion, t)
		answer = scorer.Text(got)
		if matched {
			return scorer.Score{Value: scorer.Correct, Answer: answer, Explanation: completion}
		}
	}
	return scorer.Score{Value: scorer.Incorrect, Answer: answer, Explanation: completion}
}
