package plugins

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// TestSocketDirIsInTheRunDir: go-plugin's socket directory of a trusted
// plugin (plugin-dir*) lies in the host's run directory, which the next
// host sweeps when this one is SIGKILLed, not loose in $TMPDIR.
func TestSocketDirIsInTheRunDir(t *testing.T) {
	t.Parallel()
	b := install(t, "swarmhost-scorer-good")
	b.Trust = Trusted
	m := newTestManager(t, Options{})
	p, err := m.Start(context.Background(), b)
	require.NoError(t, err)
	env, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/environ")
	require.NoError(t, err)
	dir := ""
	for _, kv := range bytes.Split(env, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte("PLUGIN_UNIX_SOCKET_DIR=")); ok {
			dir = string(v)
		}
	}
	require.NotEmpty(t, dir, "go-plugin names the plugin's socket directory")
	runDir, err := isolate.RunDir()
	require.NoError(t, err)
	assert.Equal(t, runDir, filepath.Dir(dir))
	assert.Regexp(t, `^plugin-dir`, filepath.Base(dir))
}
