package docker

import (
	"context"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// testImage is the busybox image scripts/containers.sh builds.
const testImage = "localhost/swarmhost-busybox:2"

// needEngine returns a client of the engine DOCKER_HOST names, with the
// test image on it. Without one the test is skipped — or fails, under CI
// (CI=true) or SWARMHOST_EXPECT_DOCKER (enginetest.Missing).
func needEngine(t *testing.T) *client.Client {
	t.Helper()
	enginetest.SkipShort(t, "container engine")
	cli, err := connect(t.Context())
	if err == nil {
		_, err = cli.ImageInspect(t.Context(), testImage)
		if err != nil {
			cli.Close()
		}
	}
	if err != nil {
		enginetest.Missing(t, enginetest.Expect("SWARMHOST_EXPECT_DOCKER"), "container engine with "+testImage,
			"scripts/containers.sh start, then DOCKER_HOST=unix:///run/podman/podman.sock", err)
	}
	t.Cleanup(func() { cli.Close() })
	return cli
}

// newDocker makes a docker provider for cfg (Image defaults to the test
// image), closed at the end of the test.
func newDocker(t *testing.T, cfg Config) *Provider {
	t.Helper()
	needEngine(t)
	if cfg.Compose == "" && cfg.Image == "" {
		cfg.Image = testImage
	}
	d, err := New(t.Context(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, d.Close()) })
	return d
}

// labelled lists the containers (all states) that carry label=value.
func labelled(t *testing.T, cli *client.Client, label, value string) []container.Summary {
	t.Helper()
	list, err := cli.ContainerList(context.Background(), container.ListOptions{All: true,
		Filters: filters.NewArgs(filters.Arg("label", label+"="+value))})
	require.NoError(t, err)
	return list
}

// dockerEngine is the engine DOCKER_HOST names (needEngine: skipped, or failed under CI).
func dockerEngine(t *testing.T) enginetest.Engine {
	t.Helper()
	cli := needEngine(t)
	return enginetest.Engine{
		Image: testImage,
		Provider: func(t *testing.T, o enginetest.Opts) sandbox.Provider {
			return newDocker(t, Config{Compose: o.Compose, PerMember: o.PerMember, Run: o.Run})
		},
		Left:     func(t *testing.T, run string) int { return len(labelled(t, cli, LabelRun, run)) },
		HoldTest: "TestDockerHoldSample",
	}
}
