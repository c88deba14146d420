package cli

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
)

// Keys of eval.metadata the CLI records so `swarmhost run --resume LOG`
// works without repeating the suite and its variables.
const (
	metaSuite = "swarmhost_suite"
	metaVars  = "swarmhost_vars"
	// metaInspect is the one-line form's Inspect task (inspectrun.go):
	// {"spec", "cli_args", "swarm", "base_dir"}.
	metaInspect = "swarmhost_inspect_task"
	// metaSuiteDigest is the SHA-256 of the suite's .hcl files when the log
	// was written (suiteDigest): --resume without SUITE runs the recorded
	// suite unasked only when it is the user's own (resume_own.go).
	metaSuiteDigest = "swarmhost_suite_sha256"
)

// runMetadata is what the CLI adds to each log's eval.metadata: the suite's
// absolute path and the --var values (as given, so a resumed run decodes
// the same suite).
func runMetadata(f runFlags) map[string]any {
	md := map[string]any{}
	if abs, err := filepath.Abs(f.suite); err == nil {
		md[metaSuite] = abs
		if d, err := suiteDigest(abs); err == nil {
			md[metaSuiteDigest] = d
		}
	}
	vars := map[string]any{}
	for k, v := range mustVars(f.vars) {
		vars[k] = v
	}
	md[metaVars] = vars
	if ie := f.inspect; ie != nil {
		md[metaInspect] = map[string]any{"spec": ie.Spec, "cli_args": []string(ie.CLIArgs), "swarm": ie.Swarm,
			"base_dir": ie.BaseDir}
	}
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
	fromLog := len(positional) == 0
	if !fromLog {
		f.suite = positional[0]
	} else if f.suite, _ = l.Eval.Metadata[metaSuite].(string); f.suite == "" {
		return fail("the log does not record its suite; give SUITE")
	}
	if len(f.vars) == 0 {
		f.vars = recordedVars(l.Eval.Metadata[metaVars])
	}
	if ie := recordedInspect(l.Eval.Metadata[metaInspect]); ie != nil {
		f.inspect, f.evals = ie, nil
	}
	return checkResumeOwn(e, f, l, fromLog)
}

// recordedInspect is the one-line form's Inspect task a log recorded, nil when none.
func recordedInspect(v any) *config.InspectEval {
	m, _ := v.(map[string]any)
	spec, _ := m["spec"].(string)
	if spec == "" {
		return nil
	}
	ie := &config.InspectEval{Spec: spec}
	ie.Swarm, _ = m["swarm"].(string)
	ie.BaseDir, _ = m["base_dir"].(string)
	args, _ := m["cli_args"].([]any)
	for _, a := range args {
		if s, ok := a.(string); ok {
			ie.CLIArgs = append(ie.CLIArgs, s)
		}
	}
	return ie
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
