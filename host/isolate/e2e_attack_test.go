package isolate_test

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// attackCase is one attack run through the real CLI: a hostile plugin of
// kind agent, controller or scorer attacks on the sample "attack" (args
// may name {logs}, {secret}, {tcp}, {udp}, {marker}); kind "tool" runs
// command through a scripted member's exec tool on every sample.
type attackCase struct {
	kind, attack, arg string
	command           []string
	limits            string // the hostile plugin's limits block body
	timeLimit         string // the task's time limit, "30s" when ""
	want              string // in the log: the outcome or the recorded reason
	benignOnly        bool   // the attack sample may end in error, but benign-1 must score C
	unpinned          bool   // the hostile plugin has no plugin block: trust by default (by identity, not place)
	tools             string // the hostile agent member's tools attribute, when it has one
}

var attackCases = map[string]attackCase{
	"agent writes /etc":        {kind: "agent", attack: "write", arg: "/etc/pwned-{marker}", want: "blocked: open /etc/pwned"},
	"agent writes the log dir": {kind: "agent", attack: "write", arg: "{logs}/pwned.json", want: "blocked:"},
	"agent overwrites a log":   {kind: "agent", attack: "write", arg: "{logs}/existing.json", want: "blocked:"},
	"agent reads a host file":  {kind: "agent", attack: "read", arg: "{secret}", want: "blocked: open"},
	"agent reads the host env": {kind: "agent", attack: "env", arg: secretEnv, want: "blocked: " + secretEnv + " is not set"},
	"unpinned agent reads the host env": {kind: "agent", attack: "env", arg: secretEnv, unpinned: true,
		want: "blocked: " + secretEnv + " is not set"},
	"unpinned agent reads a host file": {kind: "agent", attack: "read", arg: "{secret}", unpinned: true, want: "blocked: open"},
	"agent opens a TCP socket":         {kind: "agent", attack: "tcp", arg: "{tcp}", want: "blocked:"},
	"agent sends UDP":                  {kind: "agent", attack: "udp", arg: "{udp}", want: "blocked:"},
	"agent remounts its root":          {kind: "agent", attack: "remount", arg: "/", want: "blocked: operation not permitted"},
	"agent fork-bombs":                 {kind: "agent", attack: "forkbomb", arg: "{marker}", limits: "processes = 64", want: "blocked: after"},
	"agent escapes with setsid":        {kind: "agent", attack: "setsid", arg: "{marker}", want: "started a setsid sleep"},
	"agent prints junk":                {kind: "agent", attack: "junk", want: "blocked: junk printed"},
	"agent allocates without bound":    {kind: "agent", attack: "memory", limits: `memory = "256MiB"`, want: "exited unexpectedly", benignOnly: true},
	"agent spins on CPU":               {kind: "agent", attack: "cpu", limits: `cpu_time = "2s"`, want: "CPU time limit", benignOnly: true},
	"agent hangs":                      {kind: "agent", attack: "hang", timeLimit: "4s", want: "time", benignOnly: true},
	"agent crashes":                    {kind: "agent", attack: "crash", want: "crashing on purpose", benignOnly: true},
	"agent exceeds the gRPC limit":     {kind: "agent", attack: "huge", want: "larger than max", benignOnly: true},
	"agent writes its sandbox past its limit": {kind: "agent", attack: "afterlimit", arg: "write",
		tools: `["write_file"]`, want: "has ended (member_limit:custom)"},
	"agent execs in its sandbox past its limit": {kind: "agent", attack: "afterlimit", arg: "exec",
		tools: `["exec"]`, want: "has ended (member_limit:custom)"},
	"controller writes /etc":        {kind: "controller", attack: "write", arg: "/etc/pwned-{marker}", want: "blocked: open /etc/pwned", benignOnly: true},
	"controller opens a TCP socket": {kind: "controller", attack: "tcp", arg: "{tcp}", want: "blocked:", benignOnly: true},
	"controller crashes":            {kind: "controller", attack: "crash", want: "crashing on purpose", benignOnly: true},
	"scorer writes the log dir":     {kind: "scorer", attack: "write", arg: "{logs}/pwned.json", want: "blocked:"},
	"scorer reads a host file":      {kind: "scorer", attack: "read", arg: "{secret}", want: "blocked: open"},
	"scorer sends UDP":              {kind: "scorer", attack: "udp", arg: "{udp}", want: "blocked:"},
	"scorer crashes":                {kind: "scorer", attack: "crash", want: "crashing on purpose", benignOnly: true},
	"tool writes another member's sandbox": {kind: "tool", want: "blocked-other",
		command: []string{"sh", "-c", "echo pwned > ../b/pwned && echo ESC''APED || echo blocked-other"}},
	"tool writes /etc": {kind: "tool", want: "blocked-etc",
		command: []string{"sh", "-c", "echo x > /etc/pwned-{marker} && echo ESC''APED || echo blocked-etc"}},
	"tool reads a host file": {kind: "tool", want: "blocked-read",
		command: []string{"sh", "-c", "cat {secret} && echo ESC''APED || echo blocked-read"}},
	"tool reads the host env": {kind: "tool", want: "blocked-env",
		command: []string{"sh", "-c", `[ -z "$` + secretEnv + `" ] && echo blocked-env || echo ESC''APED`}},
	"tool opens a TCP socket": {kind: "tool", want: "blocked-tcp",
		command: []string{"bash", "-c", "echo x > /dev/tcp/{tcp-path} && echo ESC''APED || echo blocked-tcp"}},
	"tool sends UDP": {kind: "tool", want: "blocked-udp",
		command: []string{"bash", "-c", "echo x > /dev/udp/{udp-path} && echo ESC''APED || echo blocked-udp"}},
	"tool remounts its root": {kind: "tool", want: "blocked-remount",
		command: []string{"sh", "-c", "mount -o remount,rw / && echo ESC''APED || echo blocked-remount"}},
	"tool fork-bombs": {kind: "tool", want: "blocked after",
		command: []string{"python3", "-c", "import subprocess\nn = 0\ntry:\n    while n < 100000:\n" +
			"        subprocess.Popen(['sleep', '{marker}']); n += 1\n    print('ESC' + 'APED')\n" +
			"except OSError as e:\n    print('blocked after', n, e)"}},
	"tool escapes with setsid": {kind: "tool", want: "started",
		command: []string{"sh", "-c", "setsid sleep {marker} >/dev/null 2>&1 & echo started"}},
	"tool runs a host script by absolute path": {kind: "tool", want: "outside the sandbox", command: []string{"{script}"}},
	"tool runs a host script via /proc/self/root": {kind: "tool", want: "outside the sandbox",
		command: []string{"/proc/self/root{script}"}},
	"tool runs a host script with PATH": {kind: "tool", want: "No such file",
		command: []string{"env", "PATH={script-dir}", "{script-name}"}},
	"tool runs a host script from a shell": {kind: "tool", want: "blocked-shell",
		command: []string{"sh", "-c", "{script} || /proc/self/root{script} || echo blocked-shell"}},
	"tool allocates without bound": {kind: "tool", want: "MemoryError",
		command: []string{"python3", "-c", "x = bytearray(3 << 30)"}},
}

func TestAttacksAreContained(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	binaries(t)
	for name, tc := range attackCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runAttack(t, tc)
		})
	}
}

// runAttack runs one case and checks that the host kept going, the
// outcome or reason is recorded, benign samples are intact and nothing
// leaked.
func runAttack(t *testing.T, tc attackCase) {
	dir := t.TempDir()
	env := newTargets(t, dir)
	res := runSuite(t, dir, attackSuite(tc, env))
	require.NotEmpty(t, res.log, "the run wrote no log (exit %d):\n%s", res.code, res.stderr)
	if i := strings.Index(res.log, "ESCAPED"); i >= 0 {
		t.Errorf("an attack got through: …%s…", res.log[max(0, i-300):min(len(res.log), i+300)])
	}
	if want := env.expand(tc.want); !strings.Contains(res.log+res.stderr, want) {
		t.Errorf("the log and stderr do not record %q; stderr:\n%s", want, tail(res.stderr, 3000))
	}
	assert.Equal(t, "C", sampleScore(t, res.log, "benign-1"), "the benign sample is intact")
	if !tc.benignOnly {
		assert.NotEqual(t, "E", sampleScore(t, res.log, "attack"))
	}
	env.check(t)
	// the run's end kills what the attack started; the kernel ends those
	// processes a moment later (many, after a fork bomb): wait for that, so
	// only one that stays alive fails the test
	if !assert.Eventually(t, func() bool { return len(proctest.Sleepers(env.marker)) == 0 }, 30*time.Second, 20*time.Millisecond) {
		t.Errorf("a process the attack started outlived the run: %v", proctest.Sleepers(env.marker))
	}
}

// targets are what attacks aim at, and how to tell they missed.
type targets struct {
	dir, logs, secret, marker string
	script, canary            string // a host program that leaves canary when it runs
	tcp                       net.Listener
	udp                       net.PacketConn
	accepted                  atomic.Int32
}

func newTargets(t *testing.T, dir string) *targets {
	e := &targets{dir: dir, logs: filepath.Join(dir, "logs"), secret: filepath.Join(dir, "secret.txt"), marker: marker(),
		script: filepath.Join(dir, "host-script.sh"), canary: filepath.Join(dir, "host-script.ran")}
	require.NoError(t, os.WriteFile(e.script, []byte("#!/bin/sh\ntouch "+e.canary+"\necho ESC''APED\n"), 0o755))
	require.NoError(t, os.MkdirAll(e.logs, 0o755))
	require.NoError(t, os.WriteFile(e.secret, []byte("hunter2"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(e.logs, "existing.json"), []byte("{}"), 0o644))
	var err error
	e.tcp, err = net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	e.udp, err = net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { e.tcp.Close(); e.udp.Close() })
	go func() {
		for {
			c, err := e.tcp.Accept()
			if err != nil {
				return
			}
			e.accepted.Add(1)
			c.Close()
		}
	}()
	return e
}

// expand fills in a case's placeholders.
func (e *targets) expand(s string) string {
	tcp, udp := e.tcp.Addr().String(), e.udp.LocalAddr().String()
	return strings.NewReplacer("{logs}", e.logs, "{secret}", e.secret, "{marker}", e.marker, "{tcp}", tcp, "{udp}", udp,
		"{script}", e.script, "{script-name}", filepath.Base(e.script), "{script-dir}", filepath.Dir(e.script),
		"{tcp-path}", strings.Replace(tcp, ":", "/", 1), "{udp-path}", strings.Replace(udp, ":", "/", 1)).Replace(s)
}

// check asserts that no attack reached its target.
func (e *targets) check(t *testing.T) {
	assert.Zero(t, e.accepted.Load(), "a TCP connection reached the host")
	_ = e.udp.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, _, err := e.udp.ReadFrom(make([]byte, 64))
	assert.Error(t, err, "a UDP datagram reached the host")
	got, err := os.ReadFile(filepath.Join(e.logs, "existing.json"))
	require.NoError(t, err)
	assert.Equal(t, "{}", string(got), "a log file was changed")
	assert.NoFileExists(t, filepath.Join(e.logs, "pwned.json"))
	assert.NoFileExists(t, "/etc/pwned-"+e.marker)
	assert.NoFileExists(t, e.canary, "a host program ran")
}

// sampleScore returns the first score value of a sample in the log, or
// "E" when it has none (it errored).
func sampleScore(t *testing.T, log, id string) string {
	var parsed struct {
		Samples []struct {
			ID     any                        `json:"id"`
			Scores map[string]json.RawMessage `json:"scores"`
		} `json:"samples"`
	}
	nan := regexp.MustCompile(`:\s*NaN\b`) // the log writes Inspect's NaN, which encoding/json refuses
	require.NoError(t, json.Unmarshal([]byte(nan.ReplaceAllString(log, ": null")), &parsed))
	for _, s := range parsed.Samples {
		if fmt.Sprint(s.ID) != id {
			continue
		}
		for _, raw := range s.Scores {
			var sc struct {
				Value any `json:"value"`
			}
			require.NoError(t, json.Unmarshal(raw, &sc))
			return fmt.Sprint(sc.Value)
		}
	}
	return "E"
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
