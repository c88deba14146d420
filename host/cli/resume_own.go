package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// suiteDigest is the SHA-256 of a suite: of its file, or of a directory
// suite's .hcl files (each name and content, in name order).
func suiteDigest(path string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if !info.IsDir() {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		h.Write(b)
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.hcl"))
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(f), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// underCwd reports whether path lies in the working directory (or is it),
// symlinks resolved.
func underCwd(path string) bool {
	cwd, err := os.Getwd()
	if err != nil || path == "" {
		return false
	}
	if r, err := filepath.EvalSymlinks(cwd); err == nil {
		cwd = r
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	rel, err := filepath.Rel(cwd, abs)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// notOwnSuite says why the suite a log names is not the user's own, or ""
// when it is: it lies in the working directory, or it is the very suite
// the log was written with (the digest the log records matches) and the
// user owns its file (so nobody else planted it where the log points).
func notOwnSuite(path string, recorded any) string {
	if _, err := os.Stat(path); err != nil {
		return fmt.Sprintf("its suite %s is not here (%v)", path, err)
	}
	if underCwd(path) {
		return ""
	}
	digest, _ := recorded.(string)
	now, err := suiteDigest(path)
	switch {
	case digest == "":
		return fmt.Sprintf("its suite %s lies outside the working directory and the log records no digest of it", path)
	case err != nil || now != digest:
		return fmt.Sprintf("its suite %s lies outside the working directory and is not the suite the log was written with", path)
	case !ownedByUser(path):
		return fmt.Sprintf("its suite %s lies outside the working directory and belongs to another user", path)
	}
	return ""
}

// checkResumeOwn decides whether `swarmhost run --resume LOG` may run what
// the log names unasked (issue 27: a log from elsewhere ran the suite it
// names, with trusted plugins). What the log decides — the suite when
// SUITE is not given, an Inspect task always — must be the user's own
// (notOwnSuite; an Inspect task's directory in the working directory);
// otherwise the plan is shown (the suite, its variables and its plugins
// with their trust) and the run needs SUITE or --yes.
func checkResumeOwn(e env, f *runFlags, l *evallog.EvalLog, fromLog bool) bool {
	var why []string
	if fromLog {
		if w := notOwnSuite(f.suite, l.Eval.Metadata[metaSuiteDigest]); w != "" {
			why = append(why, w)
		}
	}
	if ie := f.inspect; ie != nil && !underCwd(ie.BaseDir) {
		why = append(why, fmt.Sprintf("its Inspect task %s runs from %s, outside the working directory", ie.Spec, ie.BaseDir))
	}
	if len(why) == 0 {
		return true
	}
	printResumePlan(e, f)
	if f.yes {
		fmt.Fprintf(e.stderr, "swarmhost run --resume: --yes: running it although %s\n", strings.Join(why, "; "))
		return true
	}
	fmt.Fprintf(e.stderr, "swarmhost run --resume: %s was not written from your own suite: %s.\n"+
		"Give the suite to run (swarmhost run --resume %s SUITE), or --yes to run the one above.\n",
		f.resume, strings.Join(why, "; "), f.resume)
	return false
}

// printResumePlan shows what a resumed run would start: the suite, the
// eval, the variables, the Inspect task, and each plugin the suite names
// with its binary and trust (trusted plugins run unsandboxed). Nothing is
// started: the suite is parsed (phase 1) and the plugins resolved only.
func printResumePlan(e env, f *runFlags) {
	w := e.stderr
	fmt.Fprintf(w, "swarmhost run --resume %s would run:\n  suite: %s\n", f.resume, f.suite)
	if len(f.evals) > 0 {
		fmt.Fprintf(w, "  eval: %s\n", strings.Join(f.evals, ", "))
	}
	if len(f.vars) > 0 {
		fmt.Fprintf(w, "  variables: %s\n", strings.Join(f.vars, " "))
	}
	if ie := f.inspect; ie != nil {
		fmt.Fprintf(w, "  Inspect task: %s (from %s, args %v, swarm %s)\n", ie.Spec, ie.BaseDir, []string(ie.CLIArgs), ie.Swarm)
	}
	varMap, err := parseVars(f.vars)
	if err != nil {
		fmt.Fprintf(w, "  plugins: unknown (%v)\n", err)
		return
	}
	parsed, diags := config.Parse(f.suite, varMap)
	if diags.HasErrors() {
		fmt.Fprintf(w, "  plugins: unknown (the suite does not parse: %s)\n", diags.Error())
		return
	}
	cat := catalog.New(context.Background(), nil, f.suite, parsed.Plugins)
	fmt.Fprintln(w, "  plugins:")
	for _, ref := range parsed.PluginRefs() {
		b, err := cat.Binary(ref.Kind, ref.Name)
		switch {
		case err != nil:
			fmt.Fprintf(w, "    %s %s: not found (%v)\n", ref.Kind, ref.Name, err)
		case b.Trust == plugins.Trusted:
			fmt.Fprintf(w, "    %s %s: %s, trusted (runs unsandboxed)\n", ref.Kind, ref.Name, b.Path)
		default:
			fmt.Fprintf(w, "    %s %s: %s, %s (runs sandboxed)\n", ref.Kind, ref.Name, b.Path, b.Trust)
		}
	}
}
