package kubernetes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// TestKubernetesComposeUser: Kubernetes runs a container as a numeric uid[:gid] only, so a compose
// service's user name is refused before any pod (it was dropped, and the container ran as the
// image's user, often root); numbers are kept. No cluster needed.
func TestKubernetesComposeUser(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		user, refused string
		uid, gid      *int64
	}{
		"name":          {user: "nobody", refused: `service "default": user "nobody": Kubernetes runs containers as a numeric uid[:gid]`},
		"group by name": {user: "65534:nogroup", refused: `user "65534:nogroup"`},
		"uid":           {user: "65534", uid: ptr.To(int64(65534))},
		"uid and gid":   {user: "1000:100", uid: ptr.To(int64(1000)), gid: ptr.To(int64(100))},
		"none":          {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := "services:\n  default:\n    image: localhost/swarmhost-busybox:2\n"
			if tc.user != "" {
				src += "    user: \"" + tc.user + "\"\n"
			}
			p, err := k8sProject(t.Context(), Config{Compose: enginetest.WriteCompose(t, src)})
			if tc.refused != "" {
				assert.ErrorContains(t, err, tc.refused)
				return
			}
			require.NoError(t, err)
			sc := securityContext(p.Services[0])
			assert.Equal(t, tc.uid, sc.RunAsUser)
			assert.Equal(t, tc.gid, sc.RunAsGroup)
		})
	}
}

// TestKubernetesResources: a compose service's cpus and mem_limit are its container's requests and
// limits, over the provider's cpu and memory; without either, the provider's; without those, none.
func TestKubernetesResources(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		svc              compose.Service
		cpu, memory      string
		wantCPU, wantMem string
	}{
		"service":       {svc: compose.Service{NanoCPUs: 1.5e9, Memory: 64 << 20}, cpu: "100m", memory: "1Gi", wantCPU: "1500m", wantMem: "64Mi"},
		"provider":      {cpu: "100m", memory: "1Gi", wantCPU: "100m", wantMem: "1Gi"},
		"mixed":         {svc: compose.Service{Memory: 32 << 20}, cpu: "250m", wantCPU: "250m", wantMem: "32Mi"},
		"nothing given": {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			k := &Provider{cfg: Config{CPU: tc.cpu, Memory: tc.memory}}
			res := k.resources(tc.svc)
			if tc.wantCPU == "" && tc.wantMem == "" {
				assert.Equal(t, corev1.ResourceRequirements{}, res)
				return
			}
			for _, rl := range []corev1.ResourceList{res.Requests, res.Limits} {
				assert.Equal(t, tc.wantCPU, quantity(rl, corev1.ResourceCPU))
				assert.Equal(t, tc.wantMem, quantity(rl, corev1.ResourceMemory))
			}
		})
	}
}

// quantity is rl's amount of r as a string, "" when rl has none.
func quantity(rl corev1.ResourceList, r corev1.ResourceName) string {
	if q, ok := rl[r]; ok {
		return q.String()
	}
	return ""
}

// TestKubernetesHostAccess: the pod spec gets no hostPath outside the suite, no added capability
// and no runAsUser 0 unless the suite allows that service that kind (issue 27: a hostPath of /
// with runAsUser 0 ran as asked); allowed, they reach the pod spec. No cluster needed.
func TestKubernetesHostAccess(t *testing.T) {
	t.Parallel()
	src := "services:\n  default:\n    image: localhost/swarmhost-busybox:2\n    user: \"0\"\n" +
		"    cap_add: [SYS_ADMIN]\n    volumes: [\"/:/host\"]\n"
	path := enginetest.WriteCompose(t, src)
	_, err := k8sProject(t.Context(), Config{Compose: path})
	require.Error(t, err)
	for _, want := range []string{`:4: service "default": user: "0"`, `:5: service "default": cap_add: SYS_ADMIN`,
		`:6: service "default": volumes: the bind mount of / at /host`} {
		assert.ErrorContains(t, err, want)
	}
	p, err := k8sProject(t.Context(), Config{Compose: path, ComposeOptions: compose.Options{
		HostAccess: map[string]compose.Access{"default": {Binds: true, Capabilities: true, Root: true}}}})
	require.NoError(t, err)
	sc := securityContext(p.Services[0])
	assert.Equal(t, ptr.To(int64(0)), sc.RunAsUser)
	assert.Equal(t, []corev1.Capability{"SYS_ADMIN"}, sc.Capabilities.Add)
	assert.Equal(t, []compose.Volume{{Bind: true, Source: "/", Target: "/host"}}, p.Services[0].Volumes)
}

// TestKubernetesBindTurnedIntoALink: a hostPath inside the suite that became a link out of it since
// the compose file was read is refused before the sample's pod is made (the kubelet follows it).
func TestKubernetesBindTurnedIntoALink(t *testing.T) {
	t.Parallel()
	suite := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(suite, "data", "sub"), 0o755))
	path := filepath.Join(suite, "compose.yaml")
	require.NoError(t, os.WriteFile(path, []byte("services:\n  default:\n    image: i\n"+
		"    volumes: [\"./data:/data\", \"./data/sub:/sub:ro\"]\n"), 0o644))
	cfg := Config{Compose: path, ComposeOptions: compose.Options{Root: suite}}
	p, err := k8sProject(t.Context(), cfg)
	require.NoError(t, err)
	require.NoError(t, os.Remove(filepath.Join(suite, "data", "sub")))
	require.NoError(t, os.Symlink("/", filepath.Join(suite, "data", "sub")))
	k := &Provider{cfg: cfg, project: p} // no cluster: refused before the pod is made
	_, err = k.Sample(t.Context(), sandbox.SampleSpec{ID: "s", Epoch: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at /sub now leads to /, outside the suite's directory")
}
