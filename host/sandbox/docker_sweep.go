package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
)

// ownerLabel is this process's [LabelOwner]: host name, pid and the pid's
// start time, so that a reused pid is not taken for the same host.
func ownerLabel() string {
	host, _ := os.Hostname()
	pid := os.Getpid()
	return fmt.Sprintf("%s/%d/%s", host, pid, startTime(pid))
}

// startTime is the start time of process pid in clock ticks since boot
// (/proc/PID/stat field 22), or "" when the process does not exist.
func startTime(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 20 {
		return ""
	}
	return fields[19]
}

// ownerGone reports whether owner names a host process on this machine
// that no longer runs. An owner on another machine is never gone: only
// its own host can tell.
func ownerGone(owner string) bool {
	parts := strings.Split(owner, "/")
	host, _ := os.Hostname()
	if len(parts) != 3 || parts[0] != host {
		return false
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil {
		return false
	}
	return startTime(pid) != parts[2]
}

// Sweep removes the containers and volumes that swarmhost hosts on this
// machine made and left behind when they were killed (their owner process
// is gone). Those of running hosts, and of other machines, stay.
func Sweep(ctx context.Context, cli *client.Client) error {
	ctx, cancel := context.WithTimeout(ctx, engineTimeout)
	defer cancel()
	f := filters.NewArgs(filters.Arg("label", LabelOwner))
	list, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return fmt.Errorf("docker sandbox: sweep: %w", err)
	}
	var errs []error
	for _, c := range list {
		if ownerGone(c.Labels[LabelOwner]) {
			errs = append(errs, removeContainer(ctx, cli, c.ID))
		}
	}
	vols, err := cli.VolumeList(ctx, volume.ListOptions{Filters: f})
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("docker sandbox: sweep: %w", err))...)
	}
	for _, v := range vols.Volumes {
		if ownerGone(v.Labels[LabelOwner]) {
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
