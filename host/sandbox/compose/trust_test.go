package compose

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// suiteDir is a suite's directory holding compose.yaml (content) and, for
// the attacks that need them, a file outside it (secret.env), a link inside
// it to the host's root (hostlink) and a FIFO (fifo.env).
func suiteDir(t *testing.T, content string) (dir, path string) {
	t.Helper()
	base := t.TempDir()
	dir = filepath.Join(base, "suite")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(base, "secret.env"), []byte("STOLEN=host-secret\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(base, "other.yaml"), []byte("services:\n  x:\n    image: i\n"), 0o600))
	require.NoError(t, os.Symlink("/", filepath.Join(dir, "hostlink")))
	require.NoError(t, os.Symlink("../secret.env", filepath.Join(dir, "linked.env")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo.env"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "own.env"), []byte("MINE=suite-value\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "inc.yaml"), []byte("services:\n  inc:\n    image: \"i:${STOLEN}\"\n"), 0o600))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "data"), 0o755))
	path = filepath.Join(dir, "compose.yaml")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return dir, path
}

// TestLoadHostAccessRefused: each way a suite's compose file reaches the
// host (issue 27) is refused by default, naming the file, the line and the
// key; the same file loads once the suite allows that kind for that
// service, and not when it allows another service or another kind.
func TestLoadHostAccessRefused(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		body  string // the service's keys, indented four spaces
		want  string // in the error, after "compose.yaml:"
		also  string // in the error too
		allow Access // what makes it load
	}{
		"bind of the host's root": {body: "volumes: [\"/:/host\"]", want: `5: service "box": volumes: the bind mount of / at /host`,
			allow: Access{Binds: true}},
		"bind through a link in the suite": {body: "volumes:\n      - ./data:/data\n      - ./hostlink/etc:/etc-host:ro",
			want: `7: service "box": volumes: the bind mount of`, allow: Access{Binds: true}},
		"bind of the suite's parent": {body: "volumes: [{type: bind, source: .., target: /up}]", want: "5: service \"box\": volumes",
			allow: Access{Binds: true}},
		"cap_add":        {body: "cap_add: [SYS_ADMIN]", want: `5: service "box": cap_add: SYS_ADMIN`, allow: Access{Capabilities: true}},
		"user root":      {body: "user: root", want: `5: service "box": user: "root" runs the service as root`, allow: Access{Root: true}},
		"uid 0 and gid":  {body: "user: \"0:1000\"", want: `5: service "box": user: "0:1000"`, allow: Access{Root: true}},
		"uid 0 as 00":    {body: "user: \"00\"", want: `5: service "box": user: "00"`, allow: Access{Root: true}},
		"env_file out":   {body: "env_file: ../secret.env", want: `5: service "box": env_file`},
		"env_file link":  {body: "env_file: [own.env, linked.env]", want: "5: service \"box\": env_file ", also: "linked.env is outside the suite's directory"},
		"env_file fifo":  {body: "env_file: fifo.env", want: "5: service \"box\": env_file ", also: "fifo.env is not a regular file"},
		"label_file out": {body: "label_file: ../secret.env", want: "5: the file "},
		"extends out":    {body: "extends: {file: ../other.yaml, service: x}", want: "5: the file "},
		"include's env_file out": {body: "command: [\"true\"]\ninclude:\n  - {path: inc.yaml, env_file: ../secret.env}",
			want: "7: the file ", also: "secret.env is outside the suite's directory"},
		"interpolation":       {body: "environment: {X: \"${SWARMHOST_TEST_SECRET}\"}", want: "5: ${SWARMHOST_TEST_SECRET} reads the host's"},
		"a required variable": {body: "command: [\"${SWARMHOST_TEST_SECRET:?set it}\"]", want: "5: ${SWARMHOST_TEST_SECRET} reads"},
		"interpolation with a default": {body: "command: [\"echo\", \"${SWARMHOST_TEST_SECRET:-none}\"]",
			want: "5: ${SWARMHOST_TEST_SECRET} reads"},
		"a shell variable compose would substitute": {body: "command: sh -c 'echo $SWARMHOST_TEST_SECRET'", want: "5: ${SWARMHOST_TEST_SECRET} reads", also: "write $$SWARMHOST_TEST_SECRET for"},
		"environment without a value": {body: "environment:\n      - A=1\n      - SWARMHOST_TEST_SECRET",
			want: `7: service "box": environment: SWARMHOST_TEST_SECRET without a value takes the host's variable`},
		"environment map null": {body: "environment:\n      SWARMHOST_TEST_SECRET:",
			want: "6: service \"box\": environment: SWARMHOST_TEST_SECRET without"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			content := "# a suite's compose file\nservices:\n  box:\n    image: i\n    " + tc.body + "\n"
			_, path := suiteDir(t, content)
			_, err := Load(t.Context(), path, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), path+":"+strings.SplitN(tc.want, ":", 2)[0])
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), tc.also)
			if tc.allow == (Access{}) {
				return
			}
			_, err = Load(t.Context(), path, Options{HostAccess: map[string]Access{"other": {Binds: true, Capabilities: true, Root: true}}})
			require.Error(t, err, "allowed for another service")
			p, err := Load(t.Context(), path, Options{HostAccess: map[string]Access{"box": tc.allow}})
			require.NoError(t, err)
			assert.Len(t, p.Services, 1)
			_, err = Load(t.Context(), path, Options{HostAccess: map[string]Access{AllServices: tc.allow}})
			require.NoError(t, err)
		})
	}
}

// TestLoadEnvAllowed: a variable the suite names is read from the host;
// one it does not name never reaches a container, even through an
// env_file inside the suite that interpolates it.
func TestLoadEnvAllowed(t *testing.T) {
	t.Setenv("SWARMHOST_TEST_PASSED", "passed")
	t.Setenv("SWARMHOST_TEST_SECRET", "host-secret")
	dir, path := suiteDir(t, "services:\n  box:\n    image: \"i:${SWARMHOST_TEST_PASSED}\"\n"+
		"    env_file: own.env\n    environment: [SWARMHOST_TEST_PASSED, \"B=$${LITERAL}\"]\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "own.env"), []byte("MINE=suite-value\nLEAK=${SWARMHOST_TEST_SECRET}\n"), 0o600))
	p, err := Load(t.Context(), path, Options{Env: []string{"SWARMHOST_TEST_PASSED"}})
	require.NoError(t, err)
	svc := p.Services[0]
	assert.Equal(t, "i:passed", svc.Image)
	assert.Equal(t, []string{"B=${LITERAL}", "LEAK=", "MINE=suite-value", "SWARMHOST_TEST_PASSED=passed"}, svc.Env)
	assert.NotContains(t, strings.Join(svc.Env, " "), "host-secret")
}

// TestLoadInsideSuite: binds inside the suite's directory (named from a
// compose file in a subdirectory), a uid other than 0 and cap_drop need
// no allowance.
func TestLoadInsideSuite(t *testing.T) {
	t.Parallel()
	dir, _ := suiteDir(t, "")
	require.NoError(t, os.Mkdir(filepath.Join(dir, "containers"), 0o755))
	path := filepath.Join(dir, "containers", "compose.yaml")
	require.NoError(t, os.WriteFile(path, []byte("services:\n  box:\n    image: i\n    user: \"1000:0\"\n"+
		"    cap_drop: [ALL]\n    env_file: ../own.env\n    volumes: [\"../data:/data:ro\"]\n"), 0o644))
	p, err := Load(t.Context(), path, Options{Root: dir})
	require.NoError(t, err)
	assert.Equal(t, []Volume{{Bind: true, Source: filepath.Join(dir, "data"), Target: "/data", ReadOnly: true}}, p.Services[0].Volumes)
	assert.Equal(t, []string{"MINE=suite-value"}, p.Services[0].Env)
	_, err = Load(t.Context(), path, Options{})
	require.ErrorContains(t, err, "is outside the suite's directory", "the compose file's directory is the default root")
}

// TestCheckBindsAfterALink: a bind inside the suite that a member (through another, writable
// bind) turned into a link out of it since Load is refused when a sandbox is made; allowed binds
// and a project Load did not make pass.
func TestCheckBindsAfterALink(t *testing.T) {
	t.Parallel()
	dir, path := suiteDir(t, "services:\n  box:\n    image: i\n    volumes: [\"./data:/data\", \"./data/sub:/sub:ro\"]\n")
	require.NoError(t, os.Mkdir(filepath.Join(dir, "data", "sub"), 0o755))
	p, err := Load(t.Context(), path, Options{})
	require.NoError(t, err)
	require.NoError(t, p.CheckBinds(p.Services[0]))
	// what a member with /data writable does
	require.NoError(t, os.Remove(filepath.Join(dir, "data", "sub")))
	require.NoError(t, os.Symlink("/", filepath.Join(dir, "data", "sub")))
	err = p.CheckBinds(p.Services[0])
	require.Error(t, err)
	assert.Contains(t, err.Error(), `service "box": the bind mount of `+filepath.Join(dir, "data", "sub")+" at /sub now leads to /,")

	allowed, err := Load(t.Context(), path, Options{HostAccess: map[string]Access{"box": {Binds: true}}})
	require.NoError(t, err)
	require.NoError(t, allowed.CheckBinds(allowed.Services[0]))
	var image *Project
	require.NoError(t, image.CheckBinds(Service{Name: "default", Volumes: []Volume{{Bind: true, Source: "/", Target: "/h"}}}))
}

// TestIsRoot: every way of writing uid 0 that a runtime reads as 0 is root; other uids, a gid of 0
// and names other than root are not.
func TestIsRoot(t *testing.T) {
	t.Parallel()
	for user, want := range map[string]bool{"root": true, "0": true, "00": true, "+0": true, "-0": true, "0:0": true,
		"root:1000": true, "4294967296": true, "1000:0": false, "65534": false, "nobody": false, "": false, "rooted": false,
		"1e3": false, " 0": false} {
		assert.Equal(t, want, isRoot(user), "%q", user)
	}
}
