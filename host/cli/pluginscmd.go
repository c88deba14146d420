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
	cat := newCatalogue(context.Background(), mgr, dir, pins)
	rows, err := pluginRows(cat, pins)
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

// pluginRow is one line of the listing.
type pluginRow struct {
	kind, name, version, protocol string
	bin                           plugins.Binary
	err                           error
}

// pluginRows resolves every plugin found in the search directories and
// every pinned one through the catalogue (pins, trust and lock applied),
// and describes each.
func pluginRows(cat *catalogue, pins []config.PluginPin) ([]pluginRow, error) {
	found, listErr := plugins.List(cat.dirs)
	type ref struct{ kind, name string }
	var refs []ref
	seen := map[ref]bool{}
	for _, b := range found {
		refs, seen[ref{b.Kind, b.Name}] = append(refs, ref{b.Kind, b.Name}), true
	}
	for _, p := range pins {
		if r := (ref{p.Kind, p.Name}); !seen[r] {
			refs, seen[r] = append(refs, r), true
		}
	}
	rows := make([]pluginRow, 0, len(refs))
	for _, r := range refs {
		row := pluginRow{kind: r.kind, name: r.name, version: "-", protocol: "-"}
		row.bin, row.err = cat.binary(r.kind, r.name)
		if row.err == nil {
			row.version, row.protocol, row.err = describe(cat.mgr, row.bin)
		}
		rows = append(rows, row)
	}
	return rows, listErr
}

// printPlugins writes the table, then the reason of each row in error,
// numbered as its STATUS says: errors never sit in the VERSION column.
func printPlugins(w io.Writer, rows []pluginRow) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tNAME\tVERSION\tPROTOCOL\tSTATUS\tPATH\tSHA256")
	var notes []string
	for _, r := range rows {
		status := "ok"
		if r.err != nil {
			notes = append(notes, fmt.Sprintf("[%d] %s %s: %s", len(notes)+1, r.kind, r.name, indentLines(r.err.Error())))
			status = fmt.Sprintf("error [%d]", len(notes))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.kind, r.name, r.version, r.protocol, status,
			orDash(r.bin.Path), orDash(r.bin.SHA256))
	}
	_ = tw.Flush()
	if len(notes) > 0 {
		fmt.Fprintln(w, "\n"+strings.Join(notes, "\n"))
	}
}

// describe asks a binary for its version and negotiated protocol.
func describe(mgr *plugins.Manager, b plugins.Binary) (version, protocol string, err error) {
	ctx := context.Background()
	infos, err := mgr.Info(ctx, b)
	if err != nil {
		return "-", "-", err
	}
	p, err := mgr.Start(ctx, b)
	protocol = fmt.Sprint(plugins.ProtocolVersion)
	if err == nil {
		protocol = fmt.Sprint(p.ProtocolVersion())
	}
	for _, md := range infos {
		if md.Name == b.Name {
			return md.Version, protocol, nil
		}
	}
	return "-", "-", fmt.Errorf("%s serves no %s plugin named %q", b.Path, b.Kind, b.Name)
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
