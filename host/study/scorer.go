package study

import (
	"maps"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// summaryScorers are the scorers of the member-score summaries, never the
// compared score itself.
var summaryScorers = []string{"swarmhost/best_member", "swarmhost/mean_member"}

// defaultScorer is the scorer the log scored per member, else the first
// of its eval.scorers that is not a summary, else the first score name.
func defaultScorer(l *evallog.EvalLog) string {
	for _, s := range l.Samples {
		var doc scoring.MemberScores
		if decode(s.Store[scoring.StoreKeyMemberScores], &doc) && len(doc.Scorers) > 0 {
			return doc.Scorers[0].Scorer
		}
	}
	summaries := map[string]bool{}
	if l.Results != nil {
		for _, s := range l.Results.Scores {
			if slices.Contains(summaryScorers, s.Scorer) || strings.HasPrefix(s.Scorer, "swarmhost/") {
				summaries[s.Name] = true
			}
		}
	}
	for _, sc := range l.Eval.Scorers {
		if !summaries[sc.Name] {
			return sc.Name
		}
	}
	for _, name := range scoreNames(l) {
		if !summaries[name] {
			return name
		}
	}
	return ""
}

// scoreNames are the score names the samples hold, sorted.
func scoreNames(l *evallog.EvalLog) []string {
	seen := map[string]bool{}
	for _, s := range l.Samples {
		for name := range s.Scores {
			seen[name] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// hasScorer reports whether any sample has a score called name.
func hasScorer(l *evallog.EvalLog, name string) bool {
	return slices.Contains(scoreNames(l), name)
}

// memberScoresOf reports whether every sample that has a record also has
// member scores for scorer.
func memberScoresOf(l *evallog.EvalLog, scorer string) bool {
	found := false
	for _, s := range l.Samples {
		if s.Error != nil {
			continue
		}
		var doc scoring.MemberScores
		if !decode(s.Store[scoring.StoreKeyMemberScores], &doc) || scorerDoc(doc, scorer) == nil {
			return false
		}
		found = true
	}
	return found
}

// scorerDoc is the member scores of scorer in doc, nil if none.
func scorerDoc(doc scoring.MemberScores, scorer string) *scoring.MemberScorer {
	for i := range doc.Scorers {
		if doc.Scorers[i].Scorer == scorer {
			return &doc.Scorers[i]
		}
	}
	return nil
}
