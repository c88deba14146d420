package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/resume"
)

// runFlags are `swarmhost run`'s options.
type runFlags struct {
	evals      multiFlag
	vars       multiFlag
	logDir     string
	logFormat  string
	retries    int
	failOn     string
	noFailOn   bool
	limit      string
	insp       inspectFlags
	maxSamples int
	json       bool
	resume     string
	shard      shardFlag
	// suite is the suite's path as given (or recorded in a resumed log).
	suite string
	// taskArgs are -T's name=value: suite variables (as --var), or the
	// Inspect task's arguments in the one-line form (inspectrun.go).
	taskArgs multiFlag
	// swarm is --swarm SUITE:SWARM; inspect is the one-line form's eval.
	swarm   string
	inspect *config.InspectEval
	// yes runs a resumed log's suite even when it is not the user's own
	// (resume_own.go).
	yes bool
}

func cmdRun(e env, args []string) int {
	if err := loadDotEnv(".env"); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost run: .env:", err)
		return ExitUsage
	}
	f, ok := parseRunFlags(e, args)
	if !ok {
		return ExitUsage
	}
	ctx, stop := operatorContext(e)
	defer stop()
	s := loadEvalsWith(ctx, e, f.suite, f.vars, newLogger(e), f.evals, f.inspect)
	if s == nil {
		return ExitUsage
	}
	defer s.close()
	if err := f.insp.apply(s.suite); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost run:", err)
		return ExitUsage
	}
	evals, err := selectEvals(s.suite, f.evals)
	if err == nil {
		err = f.insp.checkSampleIDs(s.suite, evals)
	}
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
	fs.StringVar(&f.logDir, "log-dir", getenvDefault("INSPECT_LOG_DIR", "logs"), "directory for the logs "+
		"(default: $INSPECT_LOG_DIR, else ./logs)")
	fs.StringVar(&f.logFormat, "log-format", evallog.FormatEval, "format of new logs: eval (Inspect's zip format) or json")
	fs.StringVar(&f.limit, "limit", "", "run only the first N samples of each eval, or samples A-B (from 1)")
	f.insp.register(fs, &f.taskArgs)
	fs.StringVar(&f.swarm, "swarm", "", "run the Inspect task named by the positional argument with this swarm: SUITE:SWARM "+
		"(the suite file or directory, and the name of its swarm block); -T then sets the task's arguments")
	fs.IntVar(&f.retries, "retry-on-error", 0, "re-run a sample that errored up to N times (alone: once, as Inspect)")
	fs.StringVar(&f.failOn, "fail-on-error", "true", "when errored samples fail the eval: true or 0 (any), false (none), "+
		"a fraction below 1 (that share of the samples or more), or a count (that many or more)")
	fs.BoolVar(&f.noFailOn, "no-fail-on-error", false, "never fail the eval for errored samples (--fail-on-error false)")
	fs.IntVar(&f.maxSamples, "max-samples", 0, "samples run in parallel (default: the largest max_connections of the swarm's models, else 10, as Inspect)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object per eval instead of a table")
	fs.StringVar(&f.resume, "resume", "", "continue this log: run only the samples it lacks, into it; "+
		"auto: continue each eval's log (and shard's) in --log-dir, if any")
	fs.BoolVar(&f.yes, "yes", false, "with --resume: run what the log names even when its suite is not your own "+
		"(outside the working directory and changed or not yours; see docs/guides/untrusted-plugins.md)")
	fs.Var(&f.shard, "shard", "run only slice INDEX/COUNT of the sample × epochs (merge with swarmhost log merge)")
	positional, ok := parsePositional(fs, bareRetryOnError(args))
	if !ok {
		return f, false
	}
	if f.logFormat != evallog.FormatEval && f.logFormat != evallog.FormatJSON {
		fmt.Fprintf(e.stderr, "swarmhost run: --log-format %q: want eval or json\n", f.logFormat)
		return f, false
	}
	if _, _, err := parseRange(f.limit); err != nil {
		fmt.Fprintf(e.stderr, "swarmhost run: --limit %q: want a count N or a range A-B: %v\n", f.limit, err)
		return f, false
	}
	if err := f.insp.check(); err != nil {
		fmt.Fprintf(e.stderr, "swarmhost run: %v\n", err)
		return f, false
	}
	if f.noFailOn {
		f.failOn = "false" // wins over --fail-on-error, as in Inspect
	}
	if _, err := parseFailOnError(f.failOn); err != nil {
		fmt.Fprintf(e.stderr, "swarmhost run: --fail-on-error: %v\n", err)
		return f, false
	}
	if f.retries < 0 {
		fmt.Fprintf(e.stderr, "swarmhost run: --retry-on-error %d: want 0 or more\n", f.retries)
		return f, false
	}
	if f.resume != "" && f.resume != resumeAuto {
		f.vars = append(f.vars, f.taskArgs...)
		return f, resolveResume(e, &f, positional)
	}
	if f.swarm != "" || (len(positional) == 1 && !pathExists(positional[0])) {
		return f, inspectForm(e, &f, positional)
	}
	f.vars = append(f.vars, f.taskArgs...)
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
	code, _ := runEvalSums(ctx, e, s, evals, f)
	return code
}

// runEvalSums is runEvals returning the evals' summaries too.
func runEvalSums(ctx context.Context, e env, s *session, evals []string, f runFlags) (int, []eval.Summary) {
	code := ExitOK
	var sums []eval.Summary
	for i, name := range evals {
		failOn, _ := parseFailOnError(f.failOn)
		from, limit, _ := parseRange(f.limit)
		opts := eval.Options{LogDir: f.logDir, LogFormat: f.logFormat, RetryOnError: f.retries, FailOnError: failOn,
			LimitFrom: from, SampleIDs: f.insp.sampleIDList(), NoLogSamples: f.insp.noLogSamples,
			MaxSamples: f.maxSamples, Limit: limit, Logger: newLogger(e),
			Resume: f.resume, Metadata: runMetadata(f), Shard: f.shard.Shard}
		if f.resume == resumeAuto {
			skip, err := autoResume(e, &opts, name)
			if err != nil {
				fmt.Fprintf(e.stderr, "swarmhost run: %v\n", err)
				return ExitUsage, sums
			}
			if skip {
				continue
			}
		}
		d := newDisplayMode(e, f.json, f.insp.display)
		opts.Progress, opts.Meter = d.progress(), d.meter
		if i == len(evals)-1 {
			opts.SamplesDone = s.closeInBackground
		}
		sum, err := eval.Run(ctx, s.suite, s.cat, name, opts)
		d.finish()
		if errors.Is(err, resume.ErrLogComplete) {
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
	return code, sums
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

// parseFailOnError reads --fail-on-error as Inspect does: true or 0 (nil:
// any errored sample fails the eval), false (0), a fraction in (0, 1), or
// a count of 1 or more.
func parseFailOnError(v string) (*float64, error) {
	switch strings.ToLower(v) {
	case "true", "":
		return nil, nil
	case "false":
		zero := 0.0
		return &zero, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err == nil && f == 0 {
		return nil, nil // Inspect's --fail-on-error 0 is True
	}
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) || (f >= 1 && f != math.Trunc(f)) {
		return nil, fmt.Errorf("%q: want true, false, a fraction between 0 and 1, or a count", v)
	}
	return &f, nil
}
