package cli

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
)

// logEvalName is the swarmhost eval a log belongs to, or def.
func logEvalName(l *evallog.EvalLog, def string) string {
	if name := resume.EvalOf(l); name != "" {
		return name
	}
	return def
}

// samplesDone is "done/planned" sample × epochs, with the epochs.
func samplesDone(l *evallog.EvalLog) string {
	planned := len(l.Eval.Dataset.SampleIDs) * max(l.Eval.Config.Epochs, 1)
	if l.Results != nil && l.Results.TotalSamples > 0 {
		planned = l.Results.TotalSamples
	}
	text := fmt.Sprintf("%d/%d", len(l.Samples), planned)
	if e := l.Eval.Config.Epochs; e > 1 {
		text += fmt.Sprintf(" (%d × %d epochs)", len(l.Eval.Dataset.SampleIDs), e)
	}
	return text
}

// logTokens are the realized tokens of every sample in the log.
func logTokens(l *evallog.EvalLog) int64 {
	if len(l.Stats.ModelUsage) > 0 {
		return usageTokens(l.Stats.ModelUsage)
	}
	var n int64
	for _, s := range l.Samples {
		n += usageTokens(s.ModelUsage)
	}
	return n
}

func usageTokens(usage map[string]evallog.ModelUsage) int64 {
	var n int64
	for _, u := range usage {
		n += u.TotalTokens
	}
	return n
}

// logCost is the realized cost, nil when no model reported one.
func logCost(l *evallog.EvalLog) *float64 {
	var cost *float64
	for _, u := range l.Stats.ModelUsage {
		if u.TotalCost != nil {
			c := *u.TotalCost
			if cost != nil {
				c += *cost
			}
			cost = &c
		}
	}
	return cost
}

// logTime is the eval's wall time, from stats; "-" for an unfinished log.
func logTime(l *evallog.EvalLog) string {
	start, end := l.Stats.StartedAt.Time, l.Stats.CompletedAt.Time
	if start.IsZero() || end.IsZero() {
		return "-"
	}
	return end.Sub(start).Round(time.Millisecond).String()
}

// statusCounts counts member statuses over every sample, e.g.
// "stopped=9 submitted=3".
func statusCounts(l *evallog.EvalLog) string {
	counts := map[string]int{}
	for _, s := range l.Samples {
		if rec, ok := sampleRecord(s); ok {
			for _, m := range rec.Members {
				counts[memberStatus(m)]++
			}
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, counts[k])
	}
	return strings.Join(parts, " ")
}

// logLabel names a log's column: its eval, else its file name.
func logLabel(path string, l *evallog.EvalLog) string {
	return logEvalName(l, filepath.Base(path))
}
