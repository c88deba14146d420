package cli

import (
	"flag"
	"fmt"

	"github.com/swarmhost/swarmhost/host/eval"
)

// cmdLogMerge is `swarmhost log merge [--log-dir DIR] SHARD_LOG...`: for each eval the logs
// belong to, it writes the log one run of the sharded eval would have written (eval.Merge) and
// prints the summaries. A refused merge may leave the logs of the evals merged before it.
func cmdLogMerge(e env, args []string) int {
	fs := flag.NewFlagSet("log merge", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dir := fs.String("log-dir", "logs", "directory for the merged log")
	asJSON := fs.Bool("json", false, "print the merged eval's summary as JSON")
	positional, ok := parsePositional(fs, args)
	if !ok || len(positional) == 0 {
		fmt.Fprintln(e.stderr, "usage: swarmhost log merge [--log-dir DIR] [--json] SHARD_LOG...")
		return ExitUsage
	}
	groups, err := eval.GroupShards(positional)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost log merge:", err)
		return ExitUsage
	}
	var sums []eval.Summary
	for _, g := range groups {
		sum, err := eval.Merge(g, *dir)
		if err != nil {
			fmt.Fprintln(e.stderr, "swarmhost log merge:", err)
			return ExitUsage
		}
		sums = append(sums, sum)
	}
	return reportMerged(e, sums, *asJSON)
}

// reportMerged prints the merged evals' summaries; exit 1 if one ended in error.
func reportMerged(e env, sums []eval.Summary, asJSON bool) int {
	code := ExitOK
	for _, sum := range sums {
		if asJSON {
			printJSON(e, sum)
		}
		if sum.Status != "success" {
			code = ExitFailed
		}
	}
	if !asJSON {
		printTable(e, sums)
	}
	return code
}
