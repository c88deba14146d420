package compose

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// load writes content as a compose file and loads it, allowing it nothing
// of the host.
func load(t *testing.T, content string) (*Project, error) {
	t.Helper()
	return loadWith(t, content, Options{})
}

// loadWith writes content as compose.yaml in a directory of its own (the
// suite's, unless opts names another) and loads it with opts.
func loadWith(t *testing.T, content string, opts Options) (*Project, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "compose.yaml")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return Load(t.Context(), path, opts)
}

// TestLoadService: every setting docs/guides/containers.md says the container providers honour reaches the
// Service they build from. No engine needed.
func TestLoadService(t *testing.T) {
	t.Parallel()
	p, err := loadWith(t, `
services:
  box:
    image: localhost/swarmhost-busybox:2
    command: ["sh", "-c", "serve"]
    entrypoint: ["/bin/init"]
    working_dir: /work
    user: "65534:65534"
    environment: {B: two, A: one}
    volumes:
      - data:/data:ro
      - /srv/ref:/ref
      - type: tmpfs
        target: /scratch
    tmpfs: ["/run:size=1m"]
    read_only: true
    cap_add: [NET_ADMIN]
    cap_drop: [ALL]
    deploy:
      resources:
        limits: {cpus: "1.5", memory: 64m, pids: 50}
volumes:
  data: {}
`, Options{HostAccess: map[string]Access{"box": {Binds: true, Capabilities: true}}})
	require.NoError(t, err)
	assert.Equal(t, []string{"data"}, p.Volumes)
	require.Len(t, p.Services, 1)
	assert.Equal(t, Service{Name: "box", Image: "localhost/swarmhost-busybox:2",
		Command: []string{"sh", "-c", "serve"}, Entrypoint: []string{"/bin/init"}, WorkingDir: "/work",
		User: "65534:65534", Env: []string{"A=one", "B=two"},
		Volumes: []Volume{{Source: "data", Target: "/data", ReadOnly: true}, {Bind: true, Source: "/srv/ref", Target: "/ref"}},
		Tmpfs:   []string{"/run:size=1m", "/scratch"}, Memory: 64 << 20, NanoCPUs: 1.5e9, Pids: 50,
		ReadOnly: true, CapAdd: []string{"NET_ADMIN"}, CapDrop: []string{"ALL"}}, p.Services[0])
}

// TestLoadLimits: the service-level limits, and the deploy limits where only they are given.
func TestLoadLimits(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		limits         string
		mem, cpu, pids int64
	}{
		"service level": {limits: "mem_limit: 32m\n    cpus: 0.5\n    pids_limit: 20", mem: 32 << 20, cpu: 5e8, pids: 20},
		"deploy":        {limits: "deploy: {resources: {limits: {memory: 16m, cpus: '2', pids: 10}}}", mem: 16 << 20, cpu: 2e9, pids: 10},
		"none":          {limits: "read_only: false"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, err := load(t, "services:\n  box:\n    image: i\n    "+tc.limits+"\n")
			require.NoError(t, err)
			s := p.Services[0]
			assert.Equal(t, [3]int64{tc.mem, tc.cpu, tc.pids}, [3]int64{s.Memory, s.NanoCPUs, s.Pids})
		})
	}
}

// TestLoadRefuses: what swarmhost cannot run is an error naming the file and the service.
func TestLoadRefuses(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ content, want string }{
		"no services":      {"services: {}\n", "no services"},
		"no image":         {"services:\n  box:\n    command: [\"true\"]\n", `service "box" has neither an image`},
		"build":            {"services:\n  box:\n    image: i\n    build: .\n", "`build:` is not supported"},
		"anonymous volume": {"services:\n  box:\n    image: i\n    volumes: [/data]\n", "anonymous volumes are not supported"},
		"one-letter volume name": {"services:\n  box:\n    image: i\n    volumes: [\"a:/workspace\"]\nvolumes: {a: {}}\n",
			"compose reads a one-letter name before ':' as a Windows drive (a:)"},
		"npipe volume":        {"services:\n  box:\n    image: i\n    volumes: [{type: npipe, source: x, target: /x}]\n", `type "npipe" is not supported`},
		"does not parse":      {"services:\n  box:\n    image: [unclosed\n", "compose file"},
		"unknown key":         {"services:\n  box:\n    image: i\n    imagee: j\n", "imagee"},
		"privileged":          {"services:\n  box:\n    image: i\n    privileged: true\n", "privileged: true would give the service the host"},
		"host network":        {"services:\n  box:\n    image: i\n    network_mode: host\n", "network_mode: host"},
		"host pid and ipc":    {"services:\n  box:\n    image: i\n    pid: host\n    ipc: host\n", "compose.yaml:5: service \"box\": ipc: host"},
		"a device":            {"services:\n  box:\n    image: i\n    devices: [/dev/kmsg:/dev/kmsg]\n", "devices would give"},
		"unconfined seccomp":  {"services:\n  box:\n    image: i\n    security_opt: [seccomp=unconfined]\n", "security_opt: seccomp=unconfined"},
		"host user namespace": {"services:\n  box:\n    image: i\n    userns_mode: host\n", "compose.yaml:4: service \"box\": userns_mode: host"},
		// so taking the larger of two memory limits never loosens one
		"distinct memory limits": {"services:\n  box:\n    image: i\n    mem_limit: 32m\n    deploy: {resources: {limits: {memory: 64m}}}\n",
			"can't set distinct values on 'mem_limit'"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := load(t, tc.content)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "compose.yaml")
		})
	}
}
