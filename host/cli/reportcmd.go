package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/report"
	"github.com/swarmhost/swarmhost/host/study"
)

// reportFlags are the options `report` and `study` share.
type reportFlags struct {
	out, name, scorer, study string
	k                        int
	boot                     config.Bootstrap
}

// register adds the shared report flags to fs.
func (f *reportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.out, "out", "reports", "directory for the report's .html, .json and .csv")
	fs.StringVar(&f.name, "name", "", "file name of the report, without extension (default: the study's name, else report)")
	fs.StringVar(&f.scorer, "scorer", "", "the score to compare (default: the one scored per member, else each log's first)")
	fs.IntVar(&f.k, "k", 0, "compare at this k (default: the study's, else the swarm arm's member count)")
	fs.IntVar(&f.boot.Resamples, "resamples", 0, "bootstrap resamples of the paired differences (default 10000)")
	fs.Int64Var(&f.boot.Seed, "seed", config.DefaultBootstrap.Seed, "bootstrap and select@k seed")
	fs.Float64Var(&f.boot.Confidence, "confidence", config.DefaultBootstrap.Confidence, "the intervals' coverage, between 0 and 1")
}

// check refuses flag values no report can use.
func (f *reportFlags) check() error {
	switch {
	case f.k < 0:
		return fmt.Errorf("--k %d: want a whole number of 1 or more", f.k)
	case f.boot.Resamples < 0:
		return fmt.Errorf("--resamples %d: want 1 or more", f.boot.Resamples)
	case f.boot.Confidence <= 0 || f.boot.Confidence >= 1:
		return fmt.Errorf("--confidence %g: want a number between 0 and 1, such as 0.95", f.boot.Confidence)
	}
	if f.boot.Resamples == 0 {
		f.boot.Resamples = config.DefaultBootstrap.Resamples
	}
	return nil
}

// cmdReport compares the arms' logs and writes the study report: one
// self-contained HTML page with the same numbers as JSON and CSV beside it.
// Each LOG may be prefixed by its role and a label, ROLE[:LABEL]=LOG;
// without one, the role and label come from the log's study metadata, else
// from its shape.
func cmdReport(e env, args []string) int {
	var f reportFlags
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	f.register(fs)
	fs.StringVar(&f.study, "study", "", "the study, when the logs are arms of several")
	logs, ok := parsePositional(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(logs) == 0 {
		fmt.Fprintln(e.stderr, "usage: swarmhost report [--out DIR] [--name NAME] [--k K] [--scorer NAME] [ROLE[:LABEL]=]LOG...")
		return ExitUsage
	}
	if err := f.check(); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost report:", err)
		return ExitUsage
	}
	var arms []*study.Arm
	for _, spec := range logs {
		opt, path, err := armSpec(spec)
		if err != nil {
			fmt.Fprintln(e.stderr, "swarmhost report:", err)
			return ExitUsage
		}
		opt.Scorer, opt.Study = f.scorer, f.study
		arm, err := study.ReadArm(path, opt)
		if err != nil {
			fmt.Fprintln(e.stderr, "swarmhost report:", err)
			return ExitUsage
		}
		arms = append(arms, arm)
	}
	// the page lists swarms, then the baseline, then single agents
	slices.SortStableFunc(arms, func(a, b *study.Arm) int {
		return slices.Index(config.ArmRoles, a.Role) - slices.Index(config.ArmRoles, b.Role)
	})
	return writeReport(e, "report", arms, f)
}

// armSpec splits ROLE[:LABEL]=LOG; a spec whose text before "=" is no
// role is a path as it is.
func armSpec(spec string) (study.ReadOptions, string, error) {
	head, path, found := strings.Cut(spec, "=")
	if !found {
		return study.ReadOptions{}, spec, nil
	}
	role, label, _ := strings.Cut(head, ":")
	if !slices.Contains(config.ArmRoles, config.ArmRole(role)) {
		if strings.Contains(head, ":") {
			return study.ReadOptions{}, "", fmt.Errorf("%q: %q is no role (want swarm, baseline or single)", spec, role)
		}
		return study.ReadOptions{}, spec, nil
	}
	if path == "" {
		return study.ReadOptions{}, "", fmt.Errorf("%q: no log after %q", spec, head+"=")
	}
	return study.ReadOptions{Role: config.ArmRole(role), Label: label}, path, nil
}

// writeReport compares the arms and writes the report's three files.
func writeReport(e env, cmd string, arms []*study.Arm, f reportFlags) int {
	name := f.study
	if name == "" {
		name = studyName(arms)
	}
	r, err := study.Compare(arms, study.Options{Study: name, K: f.k, Bootstrap: f.boot})
	if err != nil {
		fmt.Fprintf(e.stderr, "swarmhost %s: %v\n", cmd, err)
		return ExitUsage
	}
	base := f.name
	if base == "" {
		base = firstNonEmpty(name, "report")
	}
	files, err := report.Write(f.out, base, r)
	if err != nil {
		fmt.Fprintf(e.stderr, "swarmhost %s: %v\n", cmd, err)
		return ExitFailed
	}
	printStudy(e, r)
	fmt.Fprintf(e.stdout, "report: %s\nnumbers: %s %s\n", files.HTML, files.JSON, files.CSV)
	return ExitOK
}

// studyName is the study the arms' logs name, if one does.
func studyName(arms []*study.Arm) string {
	for _, a := range arms {
		if a.Study != "" {
			return a.Study
		}
	}
	return ""
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}
