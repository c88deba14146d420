package cli

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// LockFile is the name of a suite's lock file, in the suite's directory
// (catalog.LockFile).
const LockFile = catalog.LockFile

// withLock adds the `lock` sub-command to `swarmhost plugins`.
func withLock(list func(env, []string) int) func(env, []string) int {
	return func(e env, args []string) int {
		if len(args) > 0 && args[0] == "lock" {
			return cmdPluginsLock(e, args[1:])
		}
		if len(args) > 0 && args[0] == "schema" {
			return cmdPluginsSchema(e, args[1:])
		}
		return list(e, args)
	}
}

// cmdPluginsLock is `swarmhost plugins lock SUITE [--var k=v]...`: it
// resolves every plugin the suite uses (starting them, sandboxed when
// untrusted, to decode the suite against their schemas), and writes their
// digests to the suite's lock file, keeping the entries of other plugins.
func cmdPluginsLock(e env, args []string) int {
	fs := flag.NewFlagSet("plugins lock", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var vars multiFlag
	fs.Var(&vars, "var", "set a variable: name=value (repeatable)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "usage: swarmhost plugins lock SUITE [--var name=value]...")
		return ExitUsage
	}
	bins, parsed, ok := usedPlugins(e, fs.Arg(0), vars)
	if !ok {
		return ExitUsage
	}
	path := filepath.Join(parsed.Dir, LockFile)
	if err := catalog.WriteLock(path, bins); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost plugins lock:", err)
		return ExitUsage
	}
	fmt.Fprintf(e.stdout, "wrote %s: %d plugins\n", path, len(bins))
	return ExitOK
}

// usedPlugins decodes the suite and returns every binary it resolved.
func usedPlugins(e env, suite string, vars []string) ([]plugins.Binary, *config.Parsed, bool) {
	varMap, err := parseVars(vars)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost:", err)
		return nil, nil, false
	}
	parsed, diags := config.Parse(suite, varMap)
	if diags.HasErrors() {
		renderDiags(e, parsed.Files, diags)
		return nil, nil, false
	}
	mgr := plugins.NewManager(newLogger(e).Named("plugin"), plugins.Options{})
	defer mgr.Close()
	cat := catalog.New(context.Background(), mgr, parsed.Dir, parsed.Plugins)
	cat.IgnoreLock() // it is being rewritten
	if _, more := parsed.Decode(cat); more.HasErrors() {
		renderDiags(e, parsed.Files, more)
		return nil, nil, false
	}
	return cat.Binaries(), parsed, true
}
