package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/study"
)

// cmdStudy runs a suite's study: every arm's eval (each once, on the same
// samples), then the report of their logs (see cmdReport). The study's k
// and bootstrap come from its block unless a flag sets them. Exit 1 when
// an arm's eval ended in error (the report is still written when every
// log can be read), 2 for bad usage or a suite without the study.
func cmdStudy(e env, args []string) int {
	var f reportFlags
	var rf runFlags
	fs := flag.NewFlagSet("study", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	f.register(fs)
	fs.StringVar(&f.study, "study", "", "the study to run, when the suite has several")
	fs.Var(&rf.vars, "var", "set a variable: name=value (repeatable)")
	fs.StringVar(&rf.logDir, "log-dir", getenvDefault("INSPECT_LOG_DIR", "logs"), "directory for the arms' logs")
	fs.StringVar(&rf.logFormat, "log-format", evallog.FormatEval, "format of the logs: eval or json")
	fs.IntVar(&rf.maxSamples, "max-samples", 0, "samples run in parallel in each arm")
	positional, ok := parsePositional(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(positional) != 1 {
		fmt.Fprintln(e.stderr, "usage: swarmhost study SUITE [--study NAME] [--log-dir DIR] [--out DIR] [--var k=v]...")
		return ExitUsage
	}
	if rf.logFormat != evallog.FormatEval && rf.logFormat != evallog.FormatJSON {
		fmt.Fprintf(e.stderr, "swarmhost study: --log-format %q: want eval or json\n", rf.logFormat)
		return ExitUsage
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if err := f.check(); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost study:", err)
		return ExitUsage
	}
	rf.suite, rf.failOn = positional[0], "true"
	return runStudy(e, rf, f, set)
}

// runStudy loads the suite, runs the study's arms and writes its report.
func runStudy(e env, rf runFlags, f reportFlags, set map[string]bool) int {
	ctx, stop := operatorContext(e)
	defer stop()
	s := loadEvals(ctx, e, rf.suite, rf.vars, newLogger(e), nil)
	if s == nil {
		return ExitUsage
	}
	defer s.close()
	st, err := pickStudy(s.suite, f.study)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost study:", err)
		return ExitUsage
	}
	f.study = st.Name
	if !set["k"] {
		f.k = st.K
	}
	if !set["resamples"] && !set["seed"] && !set["confidence"] {
		f.boot = st.Bootstrap
	}
	evals := armEvals(st)
	if !checkDatasets(e, s, evals) {
		return ExitUsage
	}
	code, sums := runEvalSums(ctx, e, s, evals, rf)
	logs := map[string]string{}
	for _, sum := range sums {
		logs[sum.Eval] = sum.Log
	}
	var arms []*study.Arm
	for _, a := range st.Arms {
		if logs[a.Eval] == "" {
			fmt.Fprintf(e.stderr, "swarmhost study: arm %s: eval %s wrote no log\n", a.Label, a.Eval)
			return ExitFailed
		}
		arm, err := study.ReadArm(logs[a.Eval], study.ReadOptions{Label: a.Label, Role: a.Role, Study: st.Name, Scorer: f.scorer})
		if err != nil {
			fmt.Fprintf(e.stderr, "swarmhost study: arm %s: %v\n", a.Label, err)
			return ExitFailed
		}
		if a.Role == config.RoleSingle {
			arm.K = a.K
		}
		arms = append(arms, arm)
	}
	fmt.Fprintln(e.stdout)
	if c := writeReport(e, "study", arms, f); c != ExitOK {
		return c
	}
	return code
}

// pickStudy is the study called name, or the suite's only study.
func pickStudy(suite *config.Suite, name string) (*config.Study, error) {
	var names []string
	for _, st := range suite.Studies {
		if st.Name == name {
			return st, nil
		}
		names = append(names, st.Name)
	}
	switch {
	case len(names) == 0:
		return nil, fmt.Errorf("the suite has no study block: add study \"NAME\" { arm \"LABEL\" { eval = eval.X } ... }, " +
			"or compare logs with swarmhost report")
	case name != "":
		return nil, fmt.Errorf("no study named %q in the suite (its studies: %s)", name, strings.Join(names, ", "))
	case len(names) > 1:
		return nil, fmt.Errorf("the suite has several studies (%s): name one with --study", strings.Join(names, ", "))
	}
	return suite.Studies[0], nil
}

// armEvals are the study's evals in arm order, each once.
func armEvals(st *config.Study) []string {
	var out []string
	for _, a := range st.Arms {
		if !slices.Contains(out, a.Eval) {
			out = append(out, a.Eval)
		}
	}
	return out
}
