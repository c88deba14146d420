package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestRunResumeAuto: `run SUITE --shard i/n --resume auto` — what a Kubernetes Job's shard pod runs,
// the same command each time it is started — starts the shard's log when the directory has none,
// does not run a complete one again, continues one a killed host left (keeping its finished
// samples), leaves other shards' logs alone, and refuses to guess between two logs of one shard.
func TestRunResumeAuto(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	auto := func(shard string) (int, string, string) {
		return runCLI(t, "run", "--json", "--log-format", "json", "--log-dir", dir, "--shard", shard,
			"--resume", "auto", shardSuite)
	}
	logs := func() []string {
		m, err := filepath.Glob(filepath.Join(dir, "*.json"))
		require.NoError(t, err)
		return m
	}

	code, out, errOut := auto("1/3")
	require.Equal(t, cli.ExitOK, code, errOut)
	first := jsonLine(t, out)
	path := first["log"].(string)
	assert.Equal(t, []string{path}, logs(), "a new log")

	code, out, errOut = auto("1/3")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Empty(t, out, "a complete log is not run again")
	assert.Contains(t, errOut, path+" is complete; not run again")
	assert.Equal(t, []string{path}, logs())

	// The host killed while appending its last sample: the finished ones stay as they were.
	done, err := evallog.Read(path)
	require.NoError(t, err)
	data := asStarted(t, path)
	end := bytes.Index(data, []byte("\n  ],\n  \"reductions\""))
	last := bytes.LastIndex(data[:end], []byte("\n    },\n    {"))
	require.Positive(t, last)
	require.NoError(t, os.WriteFile(path, data[:(last+end)/2], 0o644), "cut in the middle of the last sample")
	code, out, errOut = auto("1/3")
	require.Equal(t, cli.ExitOK, code, errOut)
	again := jsonLine(t, out)
	assert.Contains(t, errOut, "continuing "+path)
	assert.Equal(t, path, again["log"], "the same log, continued")
	assert.Positive(t, again["resumed"], "the finished samples are kept")
	assert.Equal(t, "success", again["status"])
	resumed, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, resumed.Samples, len(done.Samples))
	before := map[string]string{}
	for _, s := range done.Samples {
		before[fmt.Sprintf("%v/%d", s.ID, s.Epoch)] = s.UUID
	}
	cut := done.Samples[len(done.Samples)-1]
	for _, s := range resumed.Samples {
		key := fmt.Sprintf("%v/%d", s.ID, s.Epoch)
		if s.ID == cut.ID && s.Epoch == cut.Epoch {
			assert.NotEqual(t, before[key], s.UUID, "the cut sample %s ran again", key)
		} else {
			assert.Equal(t, before[key], s.UUID, "sample %s is the first run's, not run again", key)
		}
	}

	code, _, errOut = auto("0/3")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Len(t, logs(), 2, "another shard's log beside it")

	twin := filepath.Join(dir, "twin.json")
	require.NoError(t, os.WriteFile(twin, readFile(t, path), 0o644))
	code, _, errOut = auto("1/3")
	assert.Equal(t, cli.ExitUsage, code)
	assert.Contains(t, errOut, "eval e shard 1/3 has 2 logs in "+dir)
	assert.Contains(t, errOut, "--resume LOG")
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
