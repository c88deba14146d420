package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// cmdLog prints a summary of one log (header, scores, per sample the
// answer, scores, members' statuses and tokens), or, given several logs,
// compares them side by side (see printComparison).
func cmdLog(e env, args []string) int {
	if len(args) > 0 && args[0] == "merge" {
		return cmdLogMerge(e, args[1:])
	}
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	if err := fs.Parse(args); err != nil || fs.NArg() < 1 {
		fmt.Fprintln(e.stderr, "usage: swarmhost log LOG [LOG...]")
		return ExitUsage
	}
	logs := make([]*evallog.EvalLog, fs.NArg())
	for i, path := range fs.Args() {
		l, err := evallog.Read(path)
		if err != nil {
			fmt.Fprintln(e.stderr, "swarmhost log:", err)
			return ExitUsage
		}
		logs[i] = l
	}
	if len(logs) > 1 {
		printComparison(e.stdout, fs.Args(), logs)
		return ExitOK
	}
	printLogHeader(e.stdout, logs[0])
	printLogSamples(e.stdout, logs[0])
	return ExitOK
}

func printLogHeader(w io.Writer, l *evallog.EvalLog) {
	fmt.Fprintf(w, "eval %s  task %s  status %s  samples %s  model %s\n", logEvalName(l, "-"), l.Eval.Task, l.Status,
		samplesDone(l), l.Eval.Model)
	fmt.Fprintf(w, "tokens %d  cost %s  time %s  started %s  completed %s\n", logTokens(l), costText(logCost(l)),
		logTime(l), l.Stats.StartedAt, l.Stats.CompletedAt)
	if l.Results != nil {
		for _, s := range l.Results.Scores {
			fmt.Fprintf(w, "score %s%s: %s\n", s.Name, reducerSuffix(s.Reducer), metricsOf(s))
		}
	}
	if counts := statusCounts(l); counts != "" {
		fmt.Fprintf(w, "members %s\n", counts)
	}
}

func reducerSuffix(r string) string {
	if r == "" {
		return ""
	}
	return "/" + r
}

// metricsOf is "name=value ..." in the score's metric order.
func metricsOf(s evallog.EvalScore) string {
	parts := make([]string, len(s.Metrics))
	for i, m := range s.Metrics {
		parts[i] = fmt.Sprintf("%s=%.3f", m.Name, float64(m.Value))
	}
	return strings.Join(parts, " ")
}

func printLogSamples(w io.Writer, l *evallog.EvalLog) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\nSAMPLE\tEPOCH\tANSWER\tSCORES\tMEMBERS\tTOKENS")
	for _, s := range l.Samples {
		fmt.Fprintf(tw, "%v\t%d\t%q\t%s\t%s\t%d\n", s.ID, s.Epoch, truncate(s.Output.Completion, 40),
			sampleScores(s), memberStatuses(s), usageTokens(s.ModelUsage))
	}
	_ = tw.Flush()
}

// sampleScores is "name=value ..." by scorer name.
func sampleScores(s evallog.EvalSample) string {
	names := make([]string, 0, len(s.Scores))
	for name := range s.Scores {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s=%v", name, s.Scores[name].Value.Interface())
	}
	return strings.Join(parts, " ")
}

// sampleRecord reads the result record from a sample's store.
func sampleRecord(s evallog.EvalSample) (swarm.Record, bool) {
	raw, ok := s.Store[swarm.StoreKeyResult]
	if !ok {
		return swarm.Record{}, false
	}
	b, _ := json.Marshal(raw)
	var rec swarm.Record
	if json.Unmarshal(b, &rec) != nil {
		return swarm.Record{}, false
	}
	return rec, true
}

// memberStatuses lists each member's status (its state while not ended).
func memberStatuses(s evallog.EvalSample) string {
	rec, ok := sampleRecord(s)
	if !ok {
		return "-"
	}
	var parts []string
	for _, m := range rec.Members {
		parts = append(parts, m.Name+":"+memberStatus(m))
	}
	return strings.Join(parts, " ")
}

func memberStatus(m swarm.RecordMember) string {
	if m.Status != nil {
		return *m.Status
	}
	return m.State
}

func truncate(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
