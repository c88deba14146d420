package isolate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// restrictEnv makes the test binary a child that simulates a restrictive
// kernel or container (what Docker's default seccomp profile does, say):
// its value lists what to deny, "userns" and/or "landlock".
const restrictEnv = "SWARMHOST_ISOLATE_TEST_RESTRICT"

// restrictedReport is what such a child prints.
type restrictedReport struct {
	Mechanisms isolate.Mechanisms
	Tier       isolate.Tier
	Output     string // of a command run in the sandbox, when there is a tier
	RunErr     string
	PluginErr  string // starting an untrusted plugin
}

// restrictedProbeMain runs the child's part and reports whether it did.
func restrictedProbeMain() bool {
	deny := os.Getenv(restrictEnv)
	if deny == "" {
		return false
	}
	if err := denyLikeAContainer(strings.Contains(deny, "landlock")); err != nil {
		fmt.Fprintln(os.Stderr, "restrict:", err)
		os.Exit(2)
	}
	l := isolate.Default()
	r := restrictedReport{Mechanisms: l.Mechanisms(), Tier: l.Tier()}
	if cmd, err := l.Command(isolate.Spec{Path: "/bin/sh", Args: []string{"sh", "-c",
		"cat /etc/shadow >/dev/null 2>&1 || echo no-shadow; (echo x > /etc/pwned) 2>/dev/null || echo no-etc; echo $SWARMHOST_SANDBOX"}}); err == nil {
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := isolate.Start(cmd.Cmd); err == nil {
			_ = cmd.Wait() // the output says what the shell could do; its status says nothing more
		}
		cmd.Cleanup()
		r.Output = out.String()
	} else {
		r.RunErr = err.Error()
	}
	m := plugins.NewManager(nil, plugins.Options{})
	_, err := m.Start(context.Background(), plugins.Binary{Kind: "agent", Name: "x", Path: "/bin/true", Trust: plugins.Untrusted})
	m.Close()
	if err != nil {
		r.PluginErr = err.Error()
	}
	_ = json.NewEncoder(os.Stdout).Encode(r)
	return true
}

// denyLikeAContainer installs, on every thread, a seccomp filter that
// fails unshare and clone(CLONE_NEWUSER) with EPERM and clone3 with ENOSYS
// (and landlock_create_ruleset with ENOSYS when asked).
func denyLikeAContainer(landlock bool) error {
	errno := func(e unix.Errno) bpf.Instruction { return bpf.RetConstant{Val: unix.SECCOMP_RET_ERRNO | uint32(e)} }
	prog := []bpf.Instruction{
		bpf.LoadAbsolute{Off: 0, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_UNSHARE, SkipFalse: 1}, errno(unix.EPERM),
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_CLONE3, SkipFalse: 1}, errno(unix.ENOSYS),
	}
	if landlock {
		prog = append(prog, bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_LANDLOCK_CREATE_RULESET, SkipFalse: 1}, errno(unix.ENOSYS))
	}
	prog = append(prog,
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_CLONE, SkipFalse: 3},
		bpf.LoadAbsolute{Off: 16, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: unix.CLONE_NEWUSER, SkipFalse: 1}, errno(unix.EPERM),
		bpf.RetConstant{Val: unix.SECCOMP_RET_ALLOW})
	raw, err := bpf.Assemble(prog)
	if err != nil {
		return err
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		filter[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	fprog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return err
	}
	_, _, e := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC,
		uintptr(unsafe.Pointer(&fprog)))
	if e != 0 {
		return e
	}
	return nil
}

// TestTierSelectionUnderRestrictiveKernels runs the probe in a child whose
// kernel (simulated by seccomp) denies user namespaces, and then Landlock
// too: the host must fall back to the Landlock tier, which still confines
// a command, and then refuse untrusted plugins.
func TestTierSelectionUnderRestrictiveKernels(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces) // the simulation subtracts from a full machine
	tests := map[string]struct {
		deny       string
		tier       isolate.Tier
		wantOutput string
		pluginErr  string
	}{
		"no user namespaces": {deny: "userns", tier: isolate.TierLandlock,
			wantOutput: "no-shadow\nno-etc\nlandlock\n"},
		"no user namespaces nor Landlock": {deny: "userns,landlock", tier: isolate.TierNone,
			pluginErr: "must run in a sandbox"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), restrictEnv+"="+tt.deny)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			require.NoError(t, err, stderr.String())
			var r restrictedReport
			require.NoError(t, json.Unmarshal(out, &r), string(out))
			assert.Equal(t, tt.tier, r.Tier, "%s", r.Mechanisms)
			assert.NotEmpty(t, r.Mechanisms.UserNSWhy, "user namespaces must be found missing")
			assert.Equal(t, tt.wantOutput, r.Output, r.RunErr)
			if tt.pluginErr == "" {
				assert.NotContains(t, r.PluginErr, "must run in a sandbox", "a tier is left: untrusted plugins may start")
			} else {
				assert.Contains(t, r.PluginErr, tt.pluginErr)
			}
		})
	}
}
