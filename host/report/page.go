package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/study"
)

// page is what the template renders.
type page struct {
	R          *study.Report
	Title      string
	Arms       []armRow
	Quantities []quantityRow
	Pairs      []pairRow
	Costs      []costRow
	Members    []memberTable
	Grids      []grid
	Flags      []study.Flag
	Charts     []chart
}

// armRow is one arm in the arms table.
type armRow struct {
	*study.Arm
	Samples, Attempts int
	MemberScoresText  string
}

// quantityRow is one row of the quantities table.
type quantityRow struct {
	study.Quantity
	ValueText, StderrText, TokensText, DollarsText, Raw string
}

// pairRow is one row of the paired differences table.
type pairRow struct {
	study.Pair
	MeanText, IntervalText, Raw, Low, High string
}

// costRow is one row of the costs table.
type costRow struct {
	study.ArmCostRow
	TokensText, DollarsText, Raw string
}

// memberTable is one arm's member outcomes.
type memberTable struct {
	Arm  string
	Rows []memberRow
}

// memberRow is one member's outcomes, statuses in one cell.
type memberRow struct {
	study.MemberRow
	StatusText, MeanText, Raw string
}

// grid is one arm's per-sample outcomes: a row per attempt, a column per
// member.
type grid struct {
	Arm     string
	Members []string
	Rows    []gridRow
}

// gridRow is one attempt in a grid.
type gridRow struct {
	Sample         string
	Epoch          int
	ScoreText, Raw string
	Cells          []gridCell
}

// gridCell is one member in one attempt: its status, marks for submitted,
// chosen and right, and its own score.
type gridCell struct {
	Status, Class, Marks, ScoreText, Raw string
}

// newPage lays out the report for the template.
func newPage(r *study.Report) *page {
	p := &page{R: r, Title: title(r), Flags: r.Flags}
	for _, a := range r.Arms {
		p.Arms = append(p.Arms, newArmRow(a))
	}
	for _, q := range r.Quantities {
		p.Quantities = append(p.Quantities, quantityRow{Quantity: q, ValueText: num(q.Value), StderrText: num(q.Stderr),
			TokensText: tokens(q.Tokens), DollarsText: dollars(q.Dollars), Raw: raw(q.Value)})
	}
	for _, pr := range r.Pairs {
		row := pairRow{Pair: pr, MeanText: signed(pr.Mean), Raw: raw(pr.Mean), Low: raw(pr.Low), High: raw(pr.High), IntervalText: "—"}
		if pr.Low != nil {
			row.IntervalText = fmt.Sprintf("[%s, %s]", signed(pr.Low), signed(pr.High))
		}
		if pr.Samples == 0 {
			row.MeanText = "not recorded"
		}
		p.Pairs = append(p.Pairs, row)
	}
	for _, c := range r.Costs {
		p.Costs = append(p.Costs, costRow{ArmCostRow: c, TokensText: tokens(&c.Tokens), DollarsText: dollars(c.Dollars), Raw: raw(&c.Tokens)})
	}
	p.Members, p.Grids = memberTables(r), grids(r)
	p.Charts = []chart{quantitiesChart(r), pairsChart(r)}
	for _, inDollars := range []bool{false, true} {
		if c, ok := costChart(r, inDollars); ok {
			p.Charts = append(p.Charts, c)
		}
	}
	return p
}

// title is the page's title.
func title(r *study.Report) string {
	if r.Study != "" {
		return "Study " + r.Study
	}
	return "Study report"
}

// newArmRow counts an arm's samples and attempts.
func newArmRow(a *study.Arm) armRow {
	row := armRow{Arm: a, Samples: len(a.Samples), MemberScoresText: "recorded"}
	for _, s := range a.Samples {
		row.Attempts += len(s.Attempts)
	}
	switch {
	case a.Role != config.RoleSwarm:
		row.MemberScoresText = "—" // one member: its score is the sample's
	case !a.MemberScores:
		row.MemberScoresText = "not recorded"
	}
	return row
}

// memberTables groups the member rows by arm.
func memberTables(r *study.Report) []memberTable {
	var out []memberTable
	for _, m := range r.Members {
		if len(out) == 0 || out[len(out)-1].Arm != m.Arm {
			out = append(out, memberTable{Arm: m.Arm})
		}
		var statuses []string
		for _, s := range slices.Sorted(maps.Keys(m.Statuses)) {
			statuses = append(statuses, fmt.Sprintf("%s %d", s, m.Statuses[s]))
		}
		t := &out[len(out)-1]
		t.Rows = append(t.Rows, memberRow{MemberRow: m, StatusText: strings.Join(statuses, ", "), MeanText: num(m.MeanScore), Raw: raw(m.MeanScore)})
	}
	return out
}

// grids lays out each arm's outcomes.
func grids(r *study.Report) []grid {
	var out []grid
	index := map[string]int{}
	for _, o := range r.Outcomes {
		i, ok := index[o.Arm]
		if !ok {
			i, index[o.Arm] = len(out), len(out)
			out = append(out, grid{Arm: o.Arm})
		}
		g := &out[i]
		row := gridRow{Sample: o.Sample, Epoch: o.Epoch, ScoreText: num(o.Score), Raw: raw(o.Score)}
		for _, m := range o.Members {
			if !slices.Contains(g.Members, m.Name) {
				g.Members = append(g.Members, m.Name)
			}
		}
		for _, name := range g.Members {
			row.Cells = append(row.Cells, cellOf(o, name))
		}
		g.Rows = append(g.Rows, row)
	}
	return out
}

// cellOf is member name's cell in outcome o (empty when it is not there).
func cellOf(o study.Outcome, name string) gridCell {
	for _, m := range o.Members {
		if m.Name != name {
			continue
		}
		c := gridCell{Status: m.Status, Class: "status-" + strings.ReplaceAll(strings.SplitN(m.Status, ":", 2)[0], "_", "-"),
			ScoreText: num(m.Score), Raw: raw(m.Score)}
		if m.Score == nil && m.Missing != "" {
			c.ScoreText = strings.ReplaceAll(m.Missing, "_", " ")
		}
		var marks []string
		if m.Submitted {
			marks = append(marks, "S")
		}
		if m.Chosen {
			marks = append(marks, "★")
		}
		if m.Score != nil && *m.Score >= 1 {
			marks = append(marks, "✓")
		}
		c.Marks = strings.Join(marks, " ")
		return c
	}
	return gridCell{Status: "—", Class: "status-absent", ScoreText: "—"}
}
