package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/swarmhost/swarmhost/host/sandbox"
)

// ListWithFind lists every file (anything but a directory) under dir by running find with
// exec: sorted paths relative to the working directory (absolute for a dir outside it).
func ListWithFind(ctx context.Context, exec sandbox.ExecFunc, dir string) ([]string, error) {
	if dir == "" {
		dir = "."
	}
	res, err := exec(ctx, sandbox.ExecRequest{Command: []string{"find", dir, "!", "-type", "d"}})
	if err != nil {
		return nil, fmt.Errorf("sandbox: list %s: %w", dir, err)
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("sandbox: list %s: %s", dir, sandbox.ErrorTail(res.Stderr))
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
