package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// runFlags are `swarmhost run`'s options.
type runFlags struct {
	evals      multiFlag
	vars       multiFlag
	logDir     string
	limit      int
	maxSamples int
	json       bool
	resume     string
	shard      shardFlag
	// suite is the suite's path as given (or recorded in a resumed log).
	suite string
}

func cmdRun(e env, args []string) int {
	f, ok := parseRunFlags(e, args)
	if !ok {
		return ExitUsage
	}
	ctx, stop := operatorContext(e)
	defer stop()
	s := load(ctx, e, f.suite, f.vars, newLogger(e))
	if s == nil {
		return ExitUsage
	}
	defer s.close()
	evals, err := selectEvals(s.suite, f.evals)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost run:", err)
		return ExitUsage
	}
	if !checkDatasets(e, s, evals) {
		return ExitUsage
	}
	return runEvals(ctx, e, s, evals, f)
}

// parseRunFlags parses `swarmhost run`'s arguments: one SUITE, which may be
// left out with --resume when the log records it.
func parseRunFlags(e env, args []string) (runFlags, bool) {
	var f runFlags
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Var(&f.evals, "eval", "run only this eval (repeatable)")
	fs.Var(&f.vars, "var", "set a variable: name=value (repeatable)")
	fs.StringVar(&f.logDir, "log-dir", "logs", "directory for the logs")
	fs.IntVar(&f.limit, "limit", 0, "run only the first N samples of each eval")
	fs.IntVar(&f.maxSamples, "max-samples", eval.DefaultMaxSamples, "samples run in parallel")
	fs.BoolVar(&f.json, "json", false, "print one JSON object per eval instead of a table")
	fs.StringVar(&f.resume, "resume", "", "continue this log: run only the samples it lacks, into it")
	fs.Var(&f.shard, "shard", "run only slice INDEX/COUNT of the sample × epochs (merge with swarmhost log merge)")
	positional, ok := parsePositional(fs, args)
	if !ok {
		return f, false
	}
	if f.resume != "" {
		return f, resolveResume(e, &f, positional)
	}
	if len(positional) != 1 {
		fmt.Fprintf(e.stderr, "swarmhost run: want exactly one SUITE (a .hcl file or a directory), got %d\n", len(positional))
		return f, false
	}
	f.suite = positional[0]
	return f, true
}

// runEvals runs each eval in turn and reports; exit 1 if any ended in error
// or was cancelled.
func runEvals(ctx context.Context, e env, s *session, evals []string, f runFlags) int {
	code := ExitOK
	var sums []eval.Summary
	for _, name := range evals {
		d := newDisplay(e, f.json)
		opts := eval.Options{LogDir: f.logDir, MaxSamples: f.maxSamples, Limit: f.limit, Logger: newLogger(e),
			Progress: d.progress(), Meter: d.meter, Resume: f.resume, Metadata: runMetadata(f),
			Shard: f.shard.Shard}
		sum, err := eval.Run(ctx, s.suite, s.cat, name, opts)
		d.finish()
		if errors.Is(err, eval.ErrLogComplete) {
			fmt.Fprintf(e.stderr, "swarmhost run: %v\n", err)
			continue
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "swarmhost run: %v\n", err)
		}
		if err != nil || sum.Status != "success" {
			code = ExitFailed // an eval that ended in error, or was cancelled
		}
		sums = append(sums, sum)
		if f.json {
			printJSON(e, sum)
		}
	}
	if !f.json && len(sums) > 0 {
		printTable(e, sums)
	}
	return code
}

// selectEvals returns the evals to run: all, or the named ones in order.
func selectEvals(suite *config.Suite, names []string) ([]string, error) {
	if len(names) == 0 {
		var all []string
		for _, ev := range suite.Evals {
			all = append(all, ev.Name)
		}
		return all, nil
	}
	known := map[string]bool{}
	for _, ev := range suite.Evals {
		known[ev.Name] = true
	}
	for _, n := range names {
		if !known[n] {
			return nil, fmt.Errorf("no eval named %q in the suite", n)
		}
	}
	return names, nil
}

// operatorContext is cancelled on the first Ctrl-C (the swarm stops with
// reason "operator" and logs are finished); a second Ctrl-C kills every
// plugin and exits at once.
func operatorContext(e env) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		fmt.Fprintln(e.stderr, "\nswarmhost: stopping (Ctrl-C again to kill every plugin and exit)")
		cancel()
		<-sig
		plugins.KillAll()
		os.Exit(130)
	}()
	return ctx, func() { signal.Stop(sig); cancel() }
}

func getenvDefault(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
