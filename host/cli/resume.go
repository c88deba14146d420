package cli

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
)

// Keys of eval.metadata the CLI records so `swarmhost run --resume LOG`
// works without repeating the suite and its variables.
const (
	metaSuite = "swarmhost_suite"
	metaVars  = "swarmhost_vars"
)

// runMetadata is what the CLI adds to each log's eval.metadata: the suite's
// absolute path and the --var values (as given, so a resumed run decodes
// the same suite).
func runMetadata(f runFlags) map[string]any {
	md := map[string]any{}
	if abs, err := filepath.Abs(f.suite); err == nil {
		md[metaSuite] = abs
	}
	vars := map[string]any{}
	for k, v := range mustVars(f.vars) {
		vars[k] = v
	}
	md[metaVars] = vars
	return md
}

// resolveResume completes the flags of `swarmhost run --resume LOG`: the
// eval is the log's; the suite, unless given, and the variables, unless
// any --var is given, are the ones the log recorded. --limit is refused
// (the log decides which samples the eval has), as is an --eval other than
// the log's.
func resolveResume(e env, f *runFlags, positional []string) bool {
	fail := func(format string, args ...any) bool {
		fmt.Fprintf(e.stderr, "swarmhost run --resume: "+format+"\n", args...)
		return false
	}
	if len(positional) > 1 {
		return fail("want at most one SUITE, got %d", len(positional))
	}
	if f.limit != "" || f.insp.sampleIDs != "" {
		return fail("--limit and --sample-id cannot be combined with --resume: the log says which samples the eval has")
	}
	l, _, err := evallog.ReadRepaired(f.resume)
	if err != nil {
		return fail("%v", err)
	}
	name := resume.EvalOf(l)
	if name == "" {
		return fail("%s was not written by swarmhost run (no %s in eval.metadata)", f.resume, resume.MetaEval)
	}
	if len(f.evals) > 1 || (len(f.evals) == 1 && f.evals[0] != name) {
		return fail("the log is of eval %q; --eval %v does not match", name, []string(f.evals))
	}
	f.evals = multiFlag{name}
	if len(positional) == 1 {
		f.suite = positional[0]
	} else if f.suite, _ = l.Eval.Metadata[metaSuite].(string); f.suite == "" {
		return fail("the log does not record its suite; give SUITE")
	}
	if len(f.vars) == 0 {
		f.vars = recordedVars(l.Eval.Metadata[metaVars])
	}
	return true
}

// recordedVars turns the recorded variables back into --var flags.
func recordedVars(v any) multiFlag {
	m, _ := v.(map[string]any)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out multiFlag
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%s=%v", k, m[k]))
	}
	return out
}

// mustVars parses --var flags already checked by load; bad ones are skipped.
func mustVars(vars []string) map[string]string {
	m, err := parseVars(vars)
	if err != nil {
		return map[string]string{}
	}
	return m
}
