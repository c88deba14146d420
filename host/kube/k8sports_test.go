package kube

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// portsScript runs body in bash with scripts/k8s-ports.sh sourced (as
// scripts/k8s.sh sources it, with its log and die): the exit code and
// stderr.
func portsScript(t *testing.T, body string) (int, string) {
	t.Helper()
	if _, err := exec.LookPath("ss"); err != nil {
		t.Skip("no ss (iproute2), which scripts/k8s-ports.sh uses")
	}
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "..", "..", "scripts", "k8s-ports.sh")
	cmd := exec.Command("bash", "-c", `set -euo pipefail
log() { printf 'k8s.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
STATE="$1"
. "$2"
`+body, "bash", t.TempDir(), script)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, string(out)
}

// TestK8sScriptRefusesForeignPorts: scripts/k8s.sh start never shares a
// server it did not start (issue 27: two clusters shared one etcd). A
// port something else listens on is refused before starting, naming who
// holds it; after starting, a port held by another process than the one
// started is an error; a free port, or the started process listening,
// passes. The "something else" here is this test's own listener, in the
// place of another cluster's etcd.
func TestK8sScriptRefusesForeignPorts(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	held := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	me := strconv.Itoa(os.Getpid())

	code, out := portsScript(t, "need_port etcd "+held)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, fmt.Sprintf("port %s is in use by pid %s", held, me))
	assert.Contains(t, out, "not starting etcd")

	// a process of ours that does not listen, while the port answers for another
	code, out = portsScript(t, `sleep 60 & echo $! >"$STATE/etcd.pid"
trap 'kill $(cat "$STATE/etcd.pid")' EXIT
wait_port etcd "$STATE/etcd.pid" `+held)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, fmt.Sprintf("etcd: port %s is held by pid %s not by etcd", held, me))

	free, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := strconv.Itoa(free.Addr().(*net.TCPAddr).Port)
	require.NoError(t, free.Close())
	code, out = portsScript(t, "need_port etcd "+port)
	assert.Equal(t, 0, code, out)
}
