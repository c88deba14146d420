package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCommandDiskIsBoundedAsAWhole: a command writing many files, each
// far under the per-file limit, is killed once it has added more than the
// per-command limit to its sandbox; the host's disk holds little more.
func TestCommandDiskIsBoundedAsAWhole(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	const limit = 8 << 20
	w := where{dir: sb.Dir, readWrite: []string{sb.Dir}, iso: sb.launcher(), disk: limit}
	res, err := run(context.Background(), w, ExecRequest{Command: []string{"sh", "-c",
		"i=0; while [ $i -lt 400 ]; do head -c 1048576 /dev/zero > f$i; i=$((i+1)); sleep 0.01; done; echo ESCAPED"}})
	require.NoError(t, err)
	assert.NotContains(t, res.Stdout, "ESCAPED")
	assert.Contains(t, res.Stderr, "over the limit of 8.0 MiB per command")
	files, err := filepath.Glob(filepath.Join(sb.Dir, "f*"))
	require.NoError(t, err)
	assert.Less(t, len(files), 400, "the command was stopped")
	var total int64
	for _, f := range files {
		info, err := os.Stat(f)
		require.NoError(t, err)
		total += info.Size()
	}
	t.Logf("%d MiB written before the kill", total>>20)
}

// TestCommandDiskWithinTheLimitRuns is the control.
func TestCommandDiskWithinTheLimitRuns(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	w := where{dir: sb.Dir, readWrite: []string{sb.Dir}, iso: sb.launcher(), disk: 64 << 20}
	res, err := run(context.Background(), w, ExecRequest{Command: []string{"sh", "-c",
		"head -c 4194304 /dev/zero > f && sleep 0.6 && echo done"}})
	require.NoError(t, err)
	assert.Equal(t, "done\n", res.Stdout, res.Stderr)
}
