package cli

import (
	"context"
	"flag"
	"fmt"
)

// cmdValidate parses a suite, fetches every plugin's schema, validates each
// block and reads every task's dataset; it prints all diagnostics (as one
// JSON object on stdout with --json) and exits 2 when any is an error.
func cmdValidate(e env, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var vars multiFlag
	fs.Var(&vars, "var", "set a variable: name=value (repeatable)")
	asJSON := fs.Bool("json", false, "print the diagnostics as JSON on stdout (severity, summary, detail, file, line, column, range)")
	suitePath, ok := parseWithSuite(fs, args, e)
	if !ok {
		return ExitUsage
	}
	if *asJSON {
		return validateAsJSON(e, suitePath, vars)
	}
	s := load(context.Background(), e, suitePath, vars, newLogger(e))
	if s == nil {
		return ExitUsage
	}
	defer s.close()
	if !checkDatasets(e, s, nil) {
		return ExitUsage
	}
	fmt.Fprintf(e.stdout, "%s: ok (%d evals)\n", suitePath, len(s.suite.Evals))
	return ExitOK
}

// validateAsJSON is `validate --json`: every diagnostic of loading the
// suite and reading its datasets, as JSON on stdout.
func validateAsJSON(e env, suitePath string, vars []string) int {
	s, parsed, diags := loadDiags(context.Background(), e, suitePath, vars, newLogger(e), nil)
	if parsed == nil {
		return ExitUsage
	}
	if s != nil {
		defer s.close()
		more, _ := datasetDiags(s, nil)
		diags = append(diags, more...)
	}
	if err := writeDiagsJSON(e.stdout, diags); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost validate:", err)
	}
	if diags.HasErrors() {
		return ExitUsage
	}
	return ExitOK
}

// parseWithSuite parses flags around one positional SUITE argument, which
// may come before or after the flags.
func parseWithSuite(fs *flag.FlagSet, args []string, e env) (string, bool) {
	positional, ok := parsePositional(fs, args)
	if !ok {
		return "", false
	}
	if len(positional) != 1 {
		fmt.Fprintf(e.stderr, "swarmhost %s: want exactly one SUITE (a .hcl file or a directory), got %d\n", fs.Name(), len(positional))
		return "", false
	}
	return positional[0], true
}

// parsePositional parses flags that may come before, between or after the
// positional arguments, and returns the positional ones.
func parsePositional(fs *flag.FlagSet, args []string) ([]string, bool) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		if fs.NArg() == 0 {
			return positional, true
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
