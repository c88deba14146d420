package refdocs

import (
	"bytes"
	"fmt"
	"strings"
)

// commands are the usage texts the CLI page shows, in order: the argument
// lists that print them.
var commands = [][]string{
	{"help"},
	{"run", "-h"},
	{"validate", "-h"},
	{"plugins", "-h"},
	{"plugins", "schema", "-h"},
	{"plugins", "lock", "-h"},
	{"log", "-h"},
	{"log", "merge", "-h"},
	{"k8s", "job", "-h"},
}

// cliPage is docs/reference/cli.md: every command's own usage text.
func (r runner) cliPage() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, header, "the swarmhost binary's usage text")
	b.WriteString("# Command line\n\n")
	b.WriteString("Every command's usage text, as `swarmhost` prints it. Exit codes: `0` success, " +
		"`1` an eval ended with status `error`, `2` bad configuration or usage (nothing run).\n" +
		"A flag may be written with one dash or two (`-log-dir` or `--log-dir`).\n" +
		"[Suites](../guides/suites.md#running) explains the `run` flags Inspect users know.\n")
	for _, args := range commands {
		out, err := r.output(args...)
		if err != nil {
			return nil, fmt.Errorf("swarmhost %s: %w", strings.Join(args, " "), err)
		}
		title := "swarmhost " + strings.TrimSuffix(strings.Join(args, " "), " -h")
		fmt.Fprintf(&b, "\n## `%s`\n\n```text\n$ swarmhost %s\n%s```\n", title, strings.Join(args, " "),
			strings.TrimRight(string(out), "\n")+"\n")
	}
	return b.Bytes(), nil
}
