package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
)

// inspectForm reads the one-line form `swarmhost run TASK --swarm
// SUITE:SWARM [-T k=v]...`: TASK is an Inspect task (a registry name such
// as inspect_evals/gsm8k, file.py@task or package.module:task), run by the
// suite's swarm SWARM with -T's arguments (parsed as Inspect parses them).
// A positional that is neither an existing suite nor paired with --swarm
// is reported with both readings.
func inspectForm(e env, f *runFlags, positional []string) bool {
	if len(positional) != 1 {
		fmt.Fprintf(e.stderr, "swarmhost run: want exactly one Inspect task with --swarm, got %d arguments\n", len(positional))
		return false
	}
	name := positional[0]
	if f.swarm == "" {
		fmt.Fprintf(e.stderr, "swarmhost run: %q is neither a suite nor an Inspect task run with a swarm:\n"+
			"  as a suite (a .hcl file or a directory): %s\n"+
			"  as an Inspect task (a registry name, file.py@task or package.module:task): it needs a swarm to run it: "+
			"add --swarm SUITE:SWARM\n", name, notFound(name))
		return false
	}
	if strings.HasSuffix(name, ".hcl") && pathExists(name) {
		fmt.Fprintf(e.stderr, "swarmhost run: %s is a suite; --swarm runs an Inspect task (a registry name, file.py@task or package.module:task) with a swarm of a suite\n", name)
		return false
	}
	i := strings.LastIndex(f.swarm, ":")
	if i <= 0 || i == len(f.swarm)-1 {
		fmt.Fprintf(e.stderr, "swarmhost run: --swarm %q: want SUITE:SWARM (a suite file or directory, and the name of its swarm block)\n", f.swarm)
		return false
	}
	if len(f.evals) > 0 {
		fmt.Fprintln(e.stderr, "swarmhost run: --eval does not apply to an Inspect task run with --swarm (it is the only eval)")
		return false
	}
	cwd, _ := os.Getwd()
	f.suite = f.swarm[:i]
	f.inspect = &config.InspectEval{Spec: name, CLIArgs: f.taskArgs, Swarm: f.swarm[i+1:], BaseDir: cwd}
	return true
}

// pathExists reports whether p names a file or directory.
func pathExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// notFound is why p is not a suite.
func notFound(p string) string {
	if _, err := os.Stat(p); err != nil {
		return strings.TrimPrefix(err.Error(), "stat ")
	}
	return "it exists"
}
