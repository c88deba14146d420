package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/require"
)

// testImage is the busybox image scripts/containers.sh builds.
const testImage = "localhost/swarmhost-busybox:2"

// needEngine returns a client of the engine DOCKER_HOST names, with the
// test image on it. Without one the test is skipped — or fails, under CI
// (CI=true) or SWARMHOST_EXPECT_DOCKER (engineMissing).
func needEngine(t *testing.T) *client.Client {
	t.Helper()
	skipShort(t, "container engine")
	cli, err := connect(t.Context())
	if err == nil {
		_, err = cli.ImageInspect(t.Context(), testImage)
		if err != nil {
			cli.Close()
		}
	}
	if err != nil {
		engineMissing(t, expectEngine("SWARMHOST_EXPECT_DOCKER"), "container engine with "+testImage,
			"scripts/containers.sh start, then DOCKER_HOST=unix:///run/podman/podman.sock", err)
	}
	t.Cleanup(func() { cli.Close() })
	return cli
}

// newDocker makes a docker provider for cfg (Image defaults to the test
// image), closed at the end of the test.
func newDocker(t *testing.T, cfg DockerConfig) *Docker {
	t.Helper()
	needEngine(t)
	if cfg.Compose == "" && cfg.Image == "" {
		cfg.Image = testImage
	}
	d, err := NewDocker(t.Context(), cfg)
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

// writeCompose writes a compose file into a fresh directory.
func writeCompose(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "compose.yaml")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}
