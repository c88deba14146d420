package cli

import (
	"flag"
	"fmt"

	"github.com/swarmhost/swarmhost/host/eval"
)

// cmdLogMerge is `swarmhost log merge [--log-dir DIR] SHARD_LOG...`: it writes the log one run of
// the sharded eval would have written (eval.Merge) and prints its summary.
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
	sum, err := eval.Merge(positional, *dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost log merge:", err)
		return ExitUsage
	}
	if *asJSON {
		printJSON(e, sum)
	} else {
		printTable(e, []eval.Summary{sum})
	}
	if sum.Status != "success" {
		return ExitFailed
	}
	return ExitOK
}
