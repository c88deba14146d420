package docker

import (
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/mount"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// TestDockerContainerConfig: what the provider asks the engine for, without an engine: NetworkMode
// "none" set explicitly unless the network is on (the API's default is the bridge), an init,
// no-new-privileges, and the service's limits, caps, read-only root, tmpfs and volumes.
func TestDockerContainerConfig(t *testing.T) {
	t.Parallel()
	svc := compose.Service{Name: "box", Image: "i", WorkingDir: "/w", User: "65534", Env: []string{"A=1"},
		Memory: 32 << 20, NanoCPUs: 5e8, Pids: 20, ReadOnly: true, CapAdd: []string{"NET_ADMIN"}, CapDrop: []string{"ALL"},
		Tmpfs:   []string{"/run:size=1m"},
		Volumes: []compose.Volume{{Source: "data", Target: "/data", ReadOnly: true}, {Bind: true, Source: "/srv", Target: "/srv"}}}
	for _, network := range []bool{false, true} {
		d := &Provider{}
		cfg, host, err := d.containerConfig(t.Context(), startSpec{project: "p", name: "box", svc: svc,
			labels: map[string]string{LabelRun: "r"}, network: network})
		require.NoError(t, err)
		want := container.NetworkMode("none")
		if network {
			want = ""
		}
		assert.Equal(t, want, host.NetworkMode, "network %v", network)
		assert.Equal(t, idleCommand, []string(cfg.Cmd), "a service without a command is kept up")
		assert.Equal(t, map[string]string{LabelRun: "r", LabelSandbox: "box"}, cfg.Labels)
		assert.Equal(t, "65534", cfg.User)
		assert.Equal(t, "/w", cfg.WorkingDir)
		require.NotNil(t, host.Init)
		assert.True(t, *host.Init)
		assert.Equal(t, []string{"no-new-privileges"}, host.SecurityOpt)
		assert.Equal(t, int64(32<<20), host.Memory)
		assert.Equal(t, int64(5e8), host.NanoCPUs)
		require.NotNil(t, host.PidsLimit)
		assert.Equal(t, int64(20), *host.PidsLimit)
		assert.True(t, host.ReadonlyRootfs)
		assert.Equal(t, []string{"NET_ADMIN"}, []string(host.CapAdd))
		assert.Equal(t, []string{"ALL"}, []string(host.CapDrop))
		assert.Equal(t, map[string]string{"/run": "size=1m"}, host.Tmpfs)
		assert.Equal(t, []mount.Mount{{Type: mount.TypeVolume, Source: "p_data", Target: "/data", ReadOnly: true},
			{Type: mount.TypeBind, Source: "/srv", Target: "/srv"}}, host.Mounts)
	}
}

// TestDockerHostAccess: New refuses, before it connects to any engine, a compose file whose service
// binds the host's root, adds capabilities and runs as root, unless the suite allows it that
// (issue 27: they ran as asked); allowed, they reach the container's settings.
func TestDockerHostAccess(t *testing.T) {
	t.Parallel()
	path := enginetest.WriteCompose(t, "services:\n  default:\n    image: i\n    user: root\n"+
		"    cap_add: [SYS_ADMIN]\n    volumes: [\"/:/host\"]\n")
	_, err := New(t.Context(), Config{Compose: path})
	require.Error(t, err)
	for _, want := range []string{`:4: service "default": user: "root"`, `:5: service "default": cap_add: SYS_ADMIN`,
		`:6: service "default": volumes: the bind mount of / at /host`} {
		assert.ErrorContains(t, err, want)
	}
	p, err := dockerProject(t.Context(), Config{Compose: path, ComposeOptions: compose.Options{
		HostAccess: map[string]compose.Access{compose.AllServices: {Binds: true, Capabilities: true, Root: true}}}})
	require.NoError(t, err)
	svc := p.Services[0]
	assert.Equal(t, "root", svc.User)
	assert.Equal(t, []string{"SYS_ADMIN"}, svc.CapAdd)
	assert.Equal(t, []compose.Volume{{Bind: true, Source: "/", Target: "/host"}}, svc.Volumes)
}
