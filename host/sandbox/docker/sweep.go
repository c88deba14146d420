package docker

import (
	"context"
	"errors"
	"fmt"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"

	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// Sweep removes the containers and volumes that swarmhost hosts on this
// machine made and left behind when they were killed (their owner process
// is gone). Those of running hosts, and of other machines, stay.
func Sweep(ctx context.Context, cli *client.Client) error {
	ctx, cancel := context.WithTimeout(ctx, engine.Timeout)
	defer cancel()
	f := filters.NewArgs(filters.Arg("label", LabelOwner))
	list, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return fmt.Errorf("docker sandbox: sweep: %w", err)
	}
	var errs []error
	for _, c := range list {
		if engine.OwnerGone(c.Labels[LabelOwner]) {
			errs = append(errs, removeContainer(ctx, cli, c.ID))
		}
	}
	vols, err := cli.VolumeList(ctx, volume.ListOptions{Filters: f})
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("docker sandbox: sweep: %w", err))...)
	}
	for _, v := range vols.Volumes {
		if engine.OwnerGone(v.Labels[LabelOwner]) {
			errs = append(errs, removeVolume(ctx, cli, v.Name))
		}
	}
	return errors.Join(errs...)
}

// removeContainer kills and removes a container with its anonymous
// volumes; one already gone is no error.
func removeContainer(ctx context.Context, cli *client.Client, id string) error {
	err := cli.ContainerRemove(ctx, id, container.RemoveOptions{Force: true, RemoveVolumes: true})
	if err != nil && !cerrdefs.IsNotFound(err) {
		return fmt.Errorf("docker sandbox: remove container %.12s: %w", id, err)
	}
	return nil
}

// removeVolume removes a named volume; one already gone is no error.
func removeVolume(ctx context.Context, cli *client.Client, name string) error {
	err := cli.VolumeRemove(ctx, name, true)
	if err != nil && !cerrdefs.IsNotFound(err) {
		return fmt.Errorf("docker sandbox: remove volume %s: %w", name, err)
	}
	return nil
}

// errdefsNotFound reports whether err is the engine's "no such object".
func errdefsNotFound(err error) bool { return cerrdefs.IsNotFound(err) }
