package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/swarmhost/swarmhost/host/eval"
)

// printTable prints the results table: one row per eval × scorer ×
// reducer (the gate counts last), with the eval's samples, tokens, cost and
// time; the log's path and any eval error follow the table.
func printTable(e env, sums []eval.Summary) {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "EVAL\tSTATUS\tSCORER\tMETRICS\tSAMPLES\tTOKENS\tCOST\tTIME")
	for _, s := range sums {
		rows := s.Scores
		if len(rows) == 0 {
			rows = []eval.ScoreSummary{{Name: "-"}}
		}
		for _, sc := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", s.Eval, s.Status, scorerLabel(sc),
				metricsText(sc), samplesText(s, sc), s.Tokens, costText(s.Cost), s.Elapsed.Round(time.Millisecond))
		}
	}
	_ = tw.Flush()
	for _, s := range sums {
		if s.Log != "" {
			fmt.Fprintf(e.stdout, "%s: log %s\n", s.Eval, s.Log)
		}
		if s.Error != "" {
			fmt.Fprintf(e.stdout, "%s: %s\n", s.Eval, s.Error)
		}
		if s.SampleError != "" {
			fmt.Fprintf(e.stdout, "%s: %s\n", s.Eval, s.SampleError)
		}
	}
}

// scorerLabel is the scorer's log name, with its reducer when it has one.
func scorerLabel(sc eval.ScoreSummary) string {
	if sc.Reducer == "" {
		return sc.Name
	}
	return sc.Name + "/" + sc.Reducer
}

func metricsText(sc eval.ScoreSummary) string {
	var parts []string
	for _, m := range sc.Metrics {
		parts = append(parts, fmt.Sprintf("%s=%.3f", m.Name, m.Value))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// samplesText is the eval's sample × epochs done of planned, and, for a
// scorer, how many (reduced) samples its metrics cover when not all.
func samplesText(s eval.Summary, sc eval.ScoreSummary) string {
	text := fmt.Sprintf("%d/%d", s.Samples, s.Total)
	if sc.Total > 0 && sc.Scored < sc.Total {
		text += fmt.Sprintf(" (%d of %d scored)", sc.Scored, sc.Total)
	}
	if s.AllErrored > 0 {
		text += fmt.Sprintf(" (every member errored in %d)", s.AllErrored)
	}
	return text
}

// costText is dollars, or "-" when no model reports a cost.
func costText(c *float64) string {
	if c == nil {
		return "-"
	}
	return fmt.Sprintf("$%.4f", *c)
}

// printJSON prints one eval's summary as one JSON line.
func printJSON(e env, s eval.Summary) {
	scores := map[string]map[string]any{}
	for _, sc := range s.Scores {
		m := map[string]any{}
		for _, v := range sc.Metrics {
			m[v.Name] = jsonFloat(v.Value)
		}
		scores[scorerLabel(sc)] = m
	}
	out := map[string]any{"eval": s.Eval, "task": s.Task, "log": s.Log, "status": s.Status, "samples": s.Samples,
		"total": s.Total, "resumed": s.Resumed, "scores": scores, "tokens": s.Tokens, "cost": s.Cost,
		"time": s.Elapsed.Seconds(), "all_members_errored": s.AllErrored}
	if s.Error != "" {
		out["error"] = s.Error
	}
	if s.SampleError != "" {
		out["sample_error"] = s.SampleError
	}
	b, _ := json.Marshal(out)
	fmt.Fprintln(e.stdout, string(b))
}

// jsonFloat writes NaN as null (JSON has no NaN).
func jsonFloat(f float64) any {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return f
}
