package docker

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// dockerView is a scorer's read-only window on a container: the docker
// provider's [sandbox.EnvView]. Reads go to the container itself; each Exec runs in
// a throw-away copy: the container committed to an image, started with
// every volume mounted read-only and no network, removed with its image
// when the command ends.
type dockerView struct {
	e *dockerEnv
}

// View returns the container's read-only view.
func (e *dockerEnv) View() sandbox.EnvView { return &dockerView{e: e} }

// Name returns the sandbox's name.
func (v *dockerView) Name() string { return v.e.name }

// ReadFile reads a file of the container.
func (v *dockerView) ReadFile(ctx context.Context, p string) ([]byte, error) {
	return v.e.readFile(ctx, v.e.id, p)
}

// ListFiles lists files of the container; of a copy of it once the
// container is frozen (paused: nothing execs in it).
func (v *dockerView) ListFiles(ctx context.Context, dir string) ([]string, error) {
	if !v.e.frozen.Load() {
		return v.e.listFiles(ctx, v.e.id, dir)
	}
	var files []string
	err := v.inCopy(ctx, func(id string) error {
		var err error
		files, err = v.e.listFiles(ctx, id, dir)
		return err
	})
	return files, err
}

// Exec runs req in a copy of the container, so nothing it does reaches it.
func (v *dockerView) Exec(ctx context.Context, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
	var res sandbox.ExecResult
	err := v.inCopy(ctx, func(id string) error {
		var err error
		res, err = v.e.exec(ctx, id, req)
		return err
	})
	return res, err
}

// inCopy runs op on a throw-away copy of the container (running or
// paused), removed with its image when op returns.
func (v *dockerView) inCopy(ctx context.Context, op func(id string) error) error {
	cli := v.e.d.cli
	committed, err := commit(ctx, cli, v.e.id)
	if err != nil {
		return fmt.Errorf("sandbox: view of %s: %w", sandbox.Label(v.e.name), err)
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
		defer cancel()
		_, _ = cli.ImageRemove(rctx, committed.ID, image.RemoveOptions{Force: true, PruneChildren: true})
	}()
	id, err := v.startCopy(ctx, committed.ID)
	if id != "" {
		defer func() {
			rctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
			defer cancel()
			_ = removeContainer(rctx, cli, id)
		}()
	}
	if err != nil {
		return err
	}
	return op(id)
}

// Freeze pauses the container (see [sandbox.Freezer]): everything in it
// stops where it is, what a member left running included, and cannot be
// woken by anything of the sample's; reads go on through the archive API
// and views through copies. Removing the container at the sample's end
// works as on a running one.
func (e *dockerEnv) Freeze(ctx context.Context) error {
	if e.frozen.Swap(true) {
		return nil
	}
	if err := e.d.cli.ContainerPause(ctx, e.id); err != nil {
		return fmt.Errorf("sandbox: freeze %s: %w", sandbox.Label(e.name), err)
	}
	return nil
}

var _ sandbox.Freezer = (*dockerEnv)(nil)

// startCopy starts a container from the committed image: same command,
// user, working dir and limits, volumes read-only, network none.
func (v *dockerView) startCopy(ctx context.Context, img string) (string, error) {
	cfg := *v.e.create
	cfg.Image = img
	cfg.Labels = maps.Clone(cfg.Labels)
	host := *v.e.host
	host.NetworkMode = "none"
	host.Mounts = nil
	for _, m := range v.e.host.Mounts {
		m.ReadOnly = true
		host.Mounts = append(host.Mounts, m)
	}
	created, err := v.e.d.cli.ContainerCreate(ctx, &cfg, &host, nil, nil, "")
	if err != nil {
		return "", fmt.Errorf("sandbox: view of %s: %w", sandbox.Label(v.e.name), err)
	}
	if err := v.e.d.cli.ContainerStart(ctx, created.ID, container.StartOptions{}); err != nil {
		return created.ID, fmt.Errorf("sandbox: view of %s: %w", sandbox.Label(v.e.name), err)
	}
	if err := v.e.d.running(ctx, &dockerEnv{d: v.e.d, name: v.e.name, id: created.ID}, "view"); err != nil {
		return created.ID, err
	}
	return created.ID, nil
}

// committer is the engine's commit call (a *client.Client).
type committer interface {
	ContainerCommit(ctx context.Context, id string, opts container.CommitOptions) (container.CommitResponse, error)
}

// commitAttempts is how many times commit asks the engine before giving up
// on an error it may have made up.
const commitAttempts = 3

// commit commits the container id to an image, asking again when podman
// answers "layer not known": its storage can fail a commit that runs while
// another image is removed, the container and its layers intact
// (containers/podman#24598, open as of podman 5.3); a second commit
// succeeds. Any other error is returned at once.
func commit(ctx context.Context, cli committer, id string) (container.CommitResponse, error) {
	var (
		res container.CommitResponse
		err error
	)
	for range commitAttempts {
		res, err = cli.ContainerCommit(ctx, id, container.CommitOptions{Pause: false, Config: &container.Config{}})
		if err == nil || !strings.Contains(err.Error(), "layer not known") || ctx.Err() != nil {
			break
		}
	}
	return res, err
}
