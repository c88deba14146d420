package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// cmdPlugins lists discovered plugins: it starts each binary once to ask
// its version and negotiated protocol. Given a suite, it applies the
// suite's plugin blocks (source, sha256, trust) and lock file as a run
// would, and lists the pinned plugins too. A plugin that cannot be used is
// listed with STATUS error and its reason below the table.
func cmdPlugins(e env, args []string) int {
	fs := flag.NewFlagSet("plugins", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var vars multiFlag
	fs.Var(&vars, "var", "set a variable: name=value (repeatable)")
	positional, ok := parsePositional(fs, args)
	if !ok || len(positional) > 1 {
		fmt.Fprintln(e.stderr, "usage: swarmhost plugins [SUITE] [--var name=value]...")
		return ExitUsage
	}
	dir, pins := ".", []config.PluginPin(nil)
	if len(positional) == 1 {
		dir = suiteDir(positional[0])
		if hasSuite(positional[0]) {
			if pins, ok = suitePins(e, positional[0], vars); !ok {
				return ExitUsage
			}
		}
	}
	mgr := plugins.NewManager(newLogger(e).Named("plugin"), plugins.Options{})
	defer mgr.Close()
	rows, err := catalog.New(context.Background(), mgr, dir, pins).List(pins)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost plugins:", err)
		return ExitUsage
	}
	printPlugins(e.stdout, rows)
	return ExitOK
}

// hasSuite reports whether path is a suite file or a directory with one.
func hasSuite(path string) bool {
	if filepath.Ext(path) == ".hcl" {
		return true
	}
	files, _ := filepath.Glob(filepath.Join(path, "*.hcl"))
	return len(files) > 0
}

// suitePins parses a suite (phase 1 only: nothing is started) for its
// plugin blocks; it prints the diagnostics of a suite that does not parse.
func suitePins(e env, path string, vars []string) ([]config.PluginPin, bool) {
	varMap, err := parseVars(vars)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost plugins:", err)
		return nil, false
	}
	parsed, diags := config.Parse(path, varMap)
	if diags.HasErrors() {
		renderDiags(e, parsed.Files, diags)
		return nil, false
	}
	return parsed.Plugins, true
}

// printPlugins writes the table, then the reason of each row in error,
// numbered as its STATUS says: errors never sit in the VERSION column.
func printPlugins(w io.Writer, rows []catalog.Row) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tNAME\tVERSION\tPROTOCOL\tSTATUS\tPATH\tSHA256")
	var notes []string
	for _, r := range rows {
		status := "ok"
		if r.Err != nil {
			notes = append(notes, fmt.Sprintf("[%d] %s %s: %s", len(notes)+1, r.Kind, r.Name, indentLines(r.Err.Error())))
			status = fmt.Sprintf("error [%d]", len(notes))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Kind, r.Name, r.Version, r.Protocol, status,
			orDash(r.Binary.Path), orDash(r.Binary.SHA256))
	}
	_ = tw.Flush()
	if len(notes) > 0 {
		fmt.Fprintln(w, "\n"+strings.Join(notes, "\n"))
	}
}

// suiteDir is SUITE itself when a directory, else its parent.
func suiteDir(path string) string {
	if info, err := os.Stat(path); err == nil && info.IsDir() || filepath.Ext(path) != ".hcl" {
		return path
	}
	return filepath.Dir(path)
}

// indentLines indents the continuation lines of a multi-line message.
func indentLines(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }

// orDash is s, or "-" when empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
