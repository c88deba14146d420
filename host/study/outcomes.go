package study

import (
	"math"
)

// MemberRow is one member's outcomes over an arm's attempts.
type MemberRow struct {
	Arm    string `json:"arm"`
	Member string `json:"member"`
	// Attempts is how many attempts list the member; Statuses counts how
	// it ended, by status ("pending" when it never started).
	Attempts int            `json:"attempts"`
	Statuses map[string]int `json:"statuses"`
	// Submitted, Chosen and Right count attempts where it submitted, where
	// its answer was the swarm's, and where its own score was 1 or more;
	// Scored those with a score of its own.
	Submitted int `json:"submitted"`
	Chosen    int `json:"chosen"`
	Right     int `json:"right"`
	Scored    int `json:"scored"`
	// MeanScore is its mean own score over Scored; nil when 0.
	MeanScore *float64 `json:"mean_score"`
}

// Outcome is one attempt's members, for the per-sample grid.
type Outcome struct {
	Arm    string `json:"arm"`
	Sample string `json:"sample"`
	Epoch  int    `json:"epoch"`
	// Score is the attempt's compared score; nil when unscored.
	Score   *float64        `json:"score"`
	Members []MemberOutcome `json:"members"`
}

// MemberOutcome is one member in one attempt.
type MemberOutcome struct {
	Name      string   `json:"name"`
	Status    string   `json:"status"`
	Submitted bool     `json:"submitted"`
	Chosen    bool     `json:"chosen"`
	Score     *float64 `json:"score"`
	Missing   string   `json:"missing,omitempty"`
}

// rightThreshold is the score from which a member counts as right, the
// pass threshold of Inspect's pass_at_k.
const rightThreshold = 1.0

// memberRows sums each member's outcomes over the arm, in roster order.
func memberRows(arm *Arm) []MemberRow {
	var rows []MemberRow
	index := map[string]int{}
	sums := map[string]float64{}
	for _, s := range arm.Samples {
		for _, a := range s.Attempts {
			for _, m := range a.Members {
				i, ok := index[m.Name]
				if !ok {
					i, index[m.Name] = len(rows), len(rows)
					rows = append(rows, MemberRow{Arm: arm.Label, Member: m.Name, Statuses: map[string]int{}})
				}
				row := &rows[i]
				row.Attempts++
				row.Statuses[statusOf(m)]++
				row.Submitted += b2i(m.Submitted)
				row.Chosen += b2i(m.Chosen)
				if m.Score != nil {
					row.Scored++
					row.Right += b2i(*m.Score >= rightThreshold)
					sums[m.Name] += *m.Score
				}
			}
		}
	}
	for i := range rows {
		if rows[i].Scored > 0 {
			m := sums[rows[i].Member] / float64(rows[i].Scored)
			rows[i].MeanScore = &m
		}
	}
	return rows
}

// outcomesOf lists every attempt of the arm with its members.
func outcomesOf(arm *Arm) []Outcome {
	var out []Outcome
	for _, s := range arm.Samples {
		for _, a := range s.Attempts {
			o := Outcome{Arm: arm.Label, Sample: s.ID, Epoch: a.Epoch}
			if !math.IsNaN(a.Score) {
				score := a.Score
				o.Score = &score
			}
			for _, m := range a.Members {
				o.Members = append(o.Members, MemberOutcome{Name: m.Name, Status: statusOf(m), Submitted: m.Submitted,
					Chosen: m.Chosen, Score: m.Score, Missing: m.Missing})
			}
			out = append(out, o)
		}
	}
	return out
}

// statusOf is the member's status, or its state when it has none.
func statusOf(m Member) string {
	if m.Status != "" {
		return m.Status
	}
	if m.State != "" {
		return m.State
	}
	return "unknown"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
