package sandbox

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// execIn runs a request in one container of an engine's sandbox (the docker and kubernetes
// providers each have their own).
type execIn func(ctx context.Context, req ExecRequest) (ExecResult, error)

// listWithFind lists every file (anything but a directory) under dir by running find with
// exec: sorted paths relative to the working directory (absolute for a dir outside it).
func listWithFind(ctx context.Context, exec execIn, dir string) ([]string, error) {
	if dir == "" {
		dir = "."
	}
	res, err := exec(ctx, ExecRequest{Command: []string{"find", dir, "!", "-type", "d"}})
	if err != nil {
		return nil, fmt.Errorf("sandbox: list %s: %w", dir, err)
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("sandbox: list %s: %s", dir, lastBytes(res.Stderr, setupErrBytes))
	}
	var files []string
	for _, line := range strings.Split(res.Stdout, "\n") {
		if line != "" {
			files = append(files, strings.TrimPrefix(line, "./"))
		}
	}
	sort.Strings(files)
	return files, nil
}

// runSetup runs a sample's setup script with exec in the sandbox called name; a non-zero exit
// is an error with the end of its stderr.
func runSetup(ctx context.Context, exec execIn, name, setup string) error {
	if setup == "" {
		return nil
	}
	res, err := exec(ctx, ExecRequest{Command: []string{"sh", "-c", setup}})
	if err != nil {
		return fmt.Errorf("sandbox: setup in %s: %w", label(name), err)
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("sandbox: setup failed in %s (exit %d): %s", label(name), res.ExitCode, lastBytes(res.Stderr, setupErrBytes))
	}
	return nil
}
