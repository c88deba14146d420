package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// LockFile is the name of a directory suite's lock file, in the directory
// (catalog.LockFile); a single-file suite NAME.hcl has NAME.lock.json.
const LockFile = catalog.LockFile

// cmdPluginsLock is `swarmhost plugins lock SUITE [--var k=v]...`: it
// resolves every plugin the suite uses (starting them, sandboxed when
// untrusted, to decode the suite against their schemas), and writes their
// digests to the suite's own lock file (catalog.LockPath).
func cmdPluginsLock(e env, args []string) int {
	fs := flag.NewFlagSet("plugins lock", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var vars multiFlag
	fs.Var(&vars, "var", "set a variable: name=value (repeatable)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "usage: swarmhost plugins lock SUITE [--var name=value]...")
		return ExitUsage
	}
	bins, ok := usedPlugins(e, fs.Arg(0), vars)
	if !ok {
		return ExitUsage
	}
	path := catalog.LockPath(fs.Arg(0))
	if err := catalog.WriteLock(path, bins); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost plugins lock:", err)
		return ExitUsage
	}
	fmt.Fprintf(e.stdout, "wrote %s: %d plugins\n", path, len(bins))
	return ExitOK
}

// usedPlugins decodes the suite and returns every binary it resolved.
func usedPlugins(e env, suite string, vars []string) ([]plugins.Binary, bool) {
	varMap, err := parseVars(vars)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost:", err)
		return nil, false
	}
	parsed, diags := config.Parse(suite, varMap)
	if diags.HasErrors() {
		renderDiags(e, parsed.Files, append(diags, directorySuiteNote(parsed, diags)...))
		return nil, false
	}
	mgr := plugins.NewManager(newLogger(e).Named("plugin"), plugins.Options{})
	defer mgr.Close()
	cat := catalog.New(context.Background(), mgr, suite, parsed.Plugins)
	cat.IgnoreLock() // it is being rewritten
	if _, more := parsed.Decode(cat); more.HasErrors() {
		renderDiags(e, parsed.Files, more)
		return nil, false
	}
	return cat.Binaries(), true
}
