package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// pluginsUsage is `swarmhost plugins --help`.
const pluginsUsage = `usage: swarmhost plugins [SUITE] [--var name=value]...
       swarmhost plugins schema KIND NAME [SUITE] [--json] [--var name=value]...
       swarmhost plugins lock SUITE [--var name=value]...

  plugins [SUITE]   list the plugins discovered (kind, name, version, protocol, status, path, sha256),
                    with SUITE's plugin blocks and lock file applied; errors are listed below the table
  plugins schema    print a plugin's config schema: attributes (type, required, default, doc) and blocks,
                    as an annotated HCL block, or as JSON with --json
  plugins lock      write SUITE's lock file, the sha256 of every plugin it uses: NAME.lock.json beside
                    the suite file NAME.hcl, DIR/swarmhost.lock.json for the directory suite DIR

SUITE is a .hcl file, or a directory whose .hcl files are loaded together as one suite.
`

// cmdPluginsGroup is `swarmhost plugins`: its subcommands schema and lock,
// its help (also asked of a subcommand), or the list.
func cmdPluginsGroup(e env, args []string) int {
	if len(args) > 0 && args[0] == "help" || slices.ContainsFunc(args, isHelpFlag) {
		fmt.Fprint(e.stdout, pluginsUsage)
		return ExitOK
	}
	if len(args) > 0 {
		switch args[0] {
		case "lock":
			return cmdPluginsLock(e, args[1:])
		case "schema":
			return cmdPluginsSchema(e, args[1:])
		}
	}
	return cmdPlugins(e, args)
}

// isHelpFlag reports whether arg asks for help.
func isHelpFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// cmdPlugins lists discovered plugins: it starts each binary once to ask
// its version and negotiated protocol. Given a suite, it applies the
// suite's plugin blocks (source, sha256, trust) and lock file as a run
// would, and lists the pinned plugins too. A plugin that cannot be used is
// listed with STATUS error and its reason below the table.
func cmdPlugins(e env, args []string) int {
	flags := flag.NewFlagSet("plugins", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	flags.Usage = func() {}
	var vars multiFlag
	flags.Var(&vars, "var", "set a variable: name=value (repeatable)")
	positional, ok := parsePositional(flags, args)
	if !ok || len(positional) > 1 {
		fmt.Fprint(e.stderr, pluginsUsage)
		return ExitUsage
	}
	suite, pins := ".", []config.PluginPin(nil)
	if len(positional) == 1 {
		suite = positional[0]
		if _, err := os.Stat(suite); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			fmt.Fprintf(e.stderr, "swarmhost plugins: %q is neither a subcommand (schema, lock) nor a suite (%v)\n\n%s",
				suite, err, pluginsUsage)
			return ExitUsage
		}
		if hasSuite(suite) {
			if pins, ok = suitePins(e, suite, vars); !ok {
				return ExitUsage
			}
		}
	}
	mgr := plugins.NewManager(newLogger(e).Named("plugin"), plugins.Options{})
	defer mgr.Close()
	rows, err := catalog.New(context.Background(), mgr, suite, pins).List(pins)
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
		renderDiags(e, parsed.Files, append(diags, directorySuiteNote(parsed, diags)...))
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

// indentLines indents the continuation lines of a multi-line message.
func indentLines(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }

// orDash is s, or "-" when empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
