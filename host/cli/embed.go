package cli

import "io"

// Run is [Main] with the command's output on stdout and stderr, for a
// caller that keeps it: the end-to-end tests run suites through it.
func Run(stdout, stderr io.Writer, args []string) int {
	return run(env{stdout: stdout, stderr: stderr}, args)
}
