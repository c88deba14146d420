package docker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// TestDockerBadInput: each mistake is a clear error, and nothing of the
// run or sample is left on the engine.
func TestDockerBadInput(t *testing.T) {
	t.Parallel()
	cli := needEngine(t)
	tests := map[string]struct {
		cfg     Config
		compose string
		spec    sandbox.SampleSpec
		// wantNew is the error of New; else wantSample that of Sample.
		wantNew, wantSample []string
	}{
		"compose does not parse": {
			compose: "services:\n  default:\n    image: [unclosed\n",
			wantNew: []string{"compose file", "compose.yaml"},
		},
		"compose with an unknown key": {
			compose: "services:\n  default:\n    image: " + testImage + "\n    imagine: x\n",
			wantNew: []string{"compose file", "imagine"},
		},
		"compose with build": {
			compose: "services:\n  default:\n    image: localhost/x:1\n    build: .\n",
			wantNew: []string{`service "default"`, "`build:` is not supported"},
		},
		"missing image": {
			cfg:     Config{Image: "localhost/swarmhost-never-built:1"},
			wantNew: []string{`image "localhost/swarmhost-never-built:1"`, "never pulls", "docker build -t localhost/swarmhost-never-built:1"},
		},
		"both compose and image": {
			cfg:     Config{Image: testImage, Compose: "compose.yaml"},
			wantNew: []string{"not both"},
		},
		"service exits at start": {
			compose: "services:\n  default:\n    image: " + testImage + "\n  db:\n    image: " + testImage +
				"\n    command: [sh, -c, 'echo cannot start >&2; exit 3']\n",
			wantSample: []string{`service "db" exited at start (exit 3)`, "cannot start"},
		},
		"default service exits at start": {
			compose: "services:\n  default:\n    image: " + testImage +
				"\n    command: [sh, -c, 'echo no default >&2; exit 5']\n",
			wantSample: []string{`service "default" exited at start (exit 5)`, "no default"},
		},
		"member's service exits at start, with a setup": {
			compose: "services:\n  default:\n    image: " + testImage + "\n  alice:\n    image: " + testImage +
				"\n    command: [sh, -c, 'echo no alice >&2; exit 6']\n",
			spec:       sandbox.SampleSpec{PerMember: true, Members: []string{"alice"}, Setup: "true"},
			wantSample: []string{`service "alice" exited at start (exit 6)`, "no alice"},
		},
		"member without its service": {
			compose:    "services:\n  default:\n    image: " + testImage + "\n",
			spec:       sandbox.SampleSpec{PerMember: true, Members: []string{"alice"}},
			wantSample: []string{`member "alice" has its own sandbox "alice"`, `no service "alice"`},
		},
		"setup fails": {
			cfg:        Config{Image: testImage},
			spec:       sandbox.SampleSpec{Setup: "echo broken >&2; exit 4"},
			wantSample: []string{"setup failed in the shared sandbox (exit 4): broken"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.cfg
			cfg.Run = "bad-" + engine.RandomID()
			if tc.compose != "" {
				cfg.Compose = enginetest.WriteCompose(t, tc.compose)
			}
			d, err := New(t.Context(), cfg)
			if tc.wantNew != nil {
				require.Error(t, err)
				for _, want := range tc.wantNew {
					assert.ErrorContains(t, err, want)
				}
				return
			}
			require.NoError(t, err)
			defer func() { require.NoError(t, d.Close()) }()
			spec := tc.spec
			spec.ID, spec.Epoch = "bad", 1
			_, err = d.Sample(t.Context(), spec)
			require.Error(t, err)
			for _, want := range tc.wantSample {
				assert.ErrorContains(t, err, want)
			}
			assert.Empty(t, labelled(t, cli, LabelRun, cfg.Run), "nothing left running")
		})
	}
}

// TestDockerUnreachableEngine names the socket and DOCKER_HOST.
func TestDockerUnreachableEngine(t *testing.T) {
	t.Setenv("DOCKER_HOST", "unix:///nonexistent/podman.sock")
	_, err := New(t.Context(), Config{Image: testImage})
	require.Error(t, err)
	assert.ErrorContains(t, err, "no container engine answers at unix:///nonexistent/podman.sock")
	assert.ErrorContains(t, err, `DOCKER_HOST is unix:///nonexistent/podman.sock`)
	assert.ErrorContains(t, err, "scripts/containers.sh start")
}
