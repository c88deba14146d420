package study

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// CSVHeader is the header of the report's CSV: one long table, one row
// per number, its kind in the first column (quantity, pair, curve, cost,
// member, flag), so a notebook filters on it.
var CSVHeader = []string{"table", "arm", "name", "kind", "k", "value", "stderr", "low", "high",
	"samples", "tokens", "dollars", "oracle", "note"}

// WriteCSV writes the report's numbers as one long CSV table (CSVHeader).
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	rows := [][]string{CSVHeader}
	for _, q := range r.Quantities {
		rows = append(rows, row("quantity", q.Arm, q.Name, string(q.Kind), num(q.K), fp(q.Value), fp(q.Stderr), "", "",
			num(q.Samples), fp(q.Tokens), fp(q.Dollars), boolText(q.Oracle), q.Note))
	}
	for _, p := range r.Pairs {
		rows = append(rows, row("pair", "", p.A+" − "+p.B, "difference", num(r.K), fp(p.Mean), "", fp(p.Low), fp(p.High),
			num(p.Samples), "", "", "", p.Fair))
	}
	for _, c := range r.Curves {
		for _, pt := range c.Points {
			rows = append(rows, row("curve", pt.Arm, c.Name, string(c.Kind), num(pt.K), ff(pt.Value), "", "", "",
				"", ff(pt.Tokens), fp(pt.Dollars), boolText(c.Oracle), ""))
		}
	}
	for _, c := range r.Costs {
		note := fmt.Sprintf("complete=%d unpriced_calls=%d no_ledger=%d", c.Complete, c.Unpriced, c.NoLedger)
		rows = append(rows, row("cost", c.Arm, "per attempt", c.Role, num(c.K), "", "", "", "",
			num(c.Attempts), ff(c.Tokens), fp(c.Dollars), "", note))
	}
	for _, m := range r.Members {
		rows = append(rows, row("member", m.Arm, m.Member, "member", "", fp(m.MeanScore), "", "", "",
			num(m.Attempts), "", "", "", memberNote(m)))
	}
	for _, f := range r.Flags {
		rows = append(rows, row("flag", f.Arm, string(f.Kind), "flag", "", num(f.Count), "", "", "",
			num(len(f.Attempts)), "", "", "", f.Detail))
	}
	if err := cw.WriteAll(rows); err != nil {
		return fmt.Errorf("write report csv: %w", err)
	}
	return nil
}

func row(cells ...string) []string { return cells }

// memberNote is a member row's counts in one cell.
func memberNote(m MemberRow) string {
	parts := []string{fmt.Sprintf("submitted=%d chosen=%d right=%d scored=%d", m.Submitted, m.Chosen, m.Right, m.Scored)}
	for _, s := range slices.Sorted(maps.Keys(m.Statuses)) {
		parts = append(parts, fmt.Sprintf("%s=%d", s, m.Statuses[s]))
	}
	return strings.Join(parts, " ")
}

func num(n int) string       { return strconv.Itoa(n) }
func ff(x float64) string    { return strconv.FormatFloat(x, 'g', -1, 64) }
func boolText(b bool) string { return strconv.FormatBool(b) }
func fp(p *float64) string {
	if p == nil {
		return ""
	}
	return ff(*p)
}
