// Package cli is the swarmhost command line (SPEC §2): run, validate,
// plugins (with its lock and schema subcommands), log and k8s job. Exit
// codes: 0 success, 1 an eval ended with status error, 2 bad configuration
// or usage (diagnostics printed, nothing run), 130 a second Ctrl-C (every
// plugin killed at once). Its end-to-end tests are package host/e2e.
package cli

import (
	"fmt"
	"io"
	"os"
)

// Exit codes.
const (
	ExitOK     = 0
	ExitFailed = 1
	ExitUsage  = 2
)

// env is where a command reads and writes; tests substitute buffers.
type env struct {
	stdout, stderr io.Writer
}

// Main runs the command line and returns the process exit code.
func Main(args []string) int {
	return run(env{stdout: os.Stdout, stderr: os.Stderr}, args)
}

func run(e env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return ExitUsage
	}
	cmds := map[string]func(env, []string) int{
		"run": cmdRun, "validate": cmdValidate, "plugins": cmdPluginsGroup, "log": cmdLog,
		"k8s": cmdK8s, "study": cmdStudy, "report": cmdReport,
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			usage(e.stdout)
			return ExitOK
		}
		fmt.Fprintf(e.stderr, "swarmhost: unknown command %q\n\n", args[0])
		usage(e.stderr)
		return ExitUsage
	}
	return cmd(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: swarmhost <command> [arguments]

commands:
  run SUITE [--eval NAME]... [--log-dir DIR] [--log-format eval|json] [--var k=v]... [--limit N] [--max-samples N] [--json]
                     run the suite's evals and write one log per eval
  run [SUITE] --resume LOG
                     run only the samples LOG lacks, into LOG (suite and vars default to the log's)
  run SUITE --resume auto
                     continue each eval's log in --log-dir (of --shard's slice), if any; skip complete ones
  run SUITE --shard I/N
                     run only slice I of N of each eval's sample × epochs, into its own log
  log merge [--log-dir DIR] LOG...
                     merge the N shard logs of an eval into the log one run would have written
  k8s job SUITE --shards N --image IMAGE (--logs-claim PVC | --logs-host-path DIR)
                     write the Kubernetes Indexed Job that runs the shards as pods
  validate SUITE     check a suite against every plugin's schema and read its datasets; print all diagnostics
  plugins [SUITE]    list the plugins discovered (kind, name, version, protocol, status, path, sha256),
                     with SUITE's plugin blocks and lock file applied; errors are listed below the table
  plugins schema KIND NAME [SUITE] [--json]
                     print a plugin's config schema: attributes (type, required, default, doc) and blocks
  plugins lock SUITE write the suite's lock file, the sha256 of every plugin it uses (NAME.lock.json beside
                     NAME.hcl; DIR/swarmhost.lock.json for a directory suite); see swarmhost plugins --help
  log LOG [LOG...]   summarise a log: samples, scores, member statuses, tokens;
                     several logs: side by side (scores, realized tokens, cost, time)
  study SUITE [--study NAME] [--log-dir DIR] [--out DIR] [--var k=v]...
                     run a study's arms (a swarm, a baseline of epochs, one agent at k× the budget)
                     and write its report: OUT/NAME.html, .json and .csv
  report [--out DIR] [--name NAME] [--k K] [--scorer NAME] [ROLE[:LABEL]=]LOG...
                     compare the arms' logs (swarmhost's or Inspect Swarm's) and write the study report
`)
}

// multiFlag collects a repeated string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return fmt.Sprint(*m) }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
