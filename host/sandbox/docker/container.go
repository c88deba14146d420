package docker

import (
	"context"
	"fmt"
	"io"
	"maps"
	"path"
	"strings"
	"sync/atomic"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/pkg/stdcopy"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// idleCommand keeps a container up when its service runs nothing itself.
var idleCommand = []string{"tail", "-f", "/dev/null"}

// startSpec is one container to create and start.
type startSpec struct {
	project string
	name    string // sandbox name: "" for the default
	svc     compose.Service
	labels  map[string]string
	network bool
}

// dockerEnv is one container: the docker provider's [sandbox.Env].
type dockerEnv struct {
	d       *Provider
	name    string
	svc     string // the compose service it was made from
	id      string
	workdir string
	// execs counts the commands run in it (Exec), so the sample's start
	// knows whether its set-up ran one (dockerSet.settle).
	execs atomic.Int64
	// create is what the container was made from, for a view's copy.
	create *container.Config
	host   *container.HostConfig
	// frozen is set once Freeze paused the container: its views then list
	// files in a copy (an exec cannot run in a paused container).
	frozen atomic.Bool
}

// start creates and starts the container of sp. Whether it keeps running
// is checked once the sample's set-up has run (dockerSet.settle).
func (d *Provider) start(ctx context.Context, sp startSpec) (*dockerEnv, error) {
	cfg, host, err := d.containerConfig(ctx, sp)
	if err != nil {
		return nil, err
	}
	cname := sp.project + "-" + sp.svc.Name
	created, err := d.cli.ContainerCreate(ctx, cfg, host, nil, nil, cname)
	if err != nil {
		return nil, fmt.Errorf("docker sandbox: create %s (service %q): %w", sandbox.Label(sp.name), sp.svc.Name, err)
	}
	e := &dockerEnv{d: d, name: sp.name, svc: sp.svc.Name, id: created.ID, workdir: cfg.WorkingDir, create: cfg, host: host}
	if err := d.cli.ContainerStart(ctx, created.ID, container.StartOptions{}); err != nil {
		return e, fmt.Errorf("docker sandbox: start %s (service %q): %w", sandbox.Label(sp.name), sp.svc.Name, err)
	}
	return e, nil
}

// running checks that the container runs; if it exited, the error gives
// its exit code and the end of its output.
func (d *Provider) running(ctx context.Context, e *dockerEnv, svc string) error {
	info, err := d.cli.ContainerInspect(ctx, e.id)
	if err != nil {
		return fmt.Errorf("docker sandbox: inspect %s: %w", sandbox.Label(e.name), err)
	}
	if info.State != nil && info.State.Running {
		return nil
	}
	code := -1
	if info.State != nil {
		code = info.State.ExitCode
	}
	return fmt.Errorf("docker sandbox: service %q exited at start (exit %d)%s", svc, code, d.logTail(ctx, e.id))
}

// logTail is the end of a container's output, for an error message.
func (d *Provider) logTail(ctx context.Context, id string) string {
	rc, err := d.cli.ContainerLogs(ctx, id, container.LogsOptions{ShowStdout: true, ShowStderr: true, Tail: "20"})
	if err != nil {
		return ""
	}
	defer rc.Close()
	out, errOut := sandbox.NewTail(sandbox.ErrorTailBytes), sandbox.NewTail(sandbox.ErrorTailBytes)
	_, _ = stdcopy.StdCopy(out, errOut, io.LimitReader(rc, 1<<20))
	text := strings.TrimSpace(out.String() + "\n" + errOut.String())
	if text == "" {
		return ""
	}
	return ": " + sandbox.ErrorTail(text)
}

// containerConfig is the engine's form of sp: labels, the working dir (the
// service's, else the image's unless it is /, else /workspace), the
// sample's volumes, limits, and NetworkMode "none" unless the network is on.
func (d *Provider) containerConfig(ctx context.Context, sp startSpec) (*container.Config, *container.HostConfig, error) {
	svc := sp.svc
	if err := d.project.CheckBinds(svc); err != nil {
		return nil, nil, err
	}
	labels := maps.Clone(sp.labels)
	labels[LabelSandbox] = sp.name
	cfg := &container.Config{Image: svc.Image, Cmd: svc.Command, Entrypoint: svc.Entrypoint, User: svc.User,
		Env: svc.Env, Labels: labels, WorkingDir: svc.WorkingDir, Hostname: svc.Name}
	if len(svc.Command) == 0 && len(svc.Entrypoint) == 0 {
		cfg.Cmd = idleCommand
	}
	if cfg.WorkingDir == "" {
		wd, err := d.imageWorkdir(ctx, svc.Image)
		if err != nil {
			return nil, nil, err
		}
		cfg.WorkingDir = wd
	}
	init := true
	host := &container.HostConfig{NetworkMode: "none", Init: &init, ReadonlyRootfs: svc.ReadOnly,
		CapAdd: svc.CapAdd, CapDrop: svc.CapDrop, SecurityOpt: []string{"no-new-privileges"},
		Resources: container.Resources{Memory: svc.Memory, NanoCPUs: svc.NanoCPUs}}
	if sp.network {
		host.NetworkMode = ""
	}
	if svc.Pids > 0 {
		host.PidsLimit = &svc.Pids
	}
	for _, t := range svc.Tmpfs {
		if host.Tmpfs == nil {
			host.Tmpfs = map[string]string{}
		}
		target, opts, _ := strings.Cut(t, ":")
		host.Tmpfs[target] = opts
	}
	for _, v := range svc.Volumes {
		m := mount.Mount{Type: mount.TypeVolume, Source: sp.project + "_" + v.Source, Target: v.Target, ReadOnly: v.ReadOnly}
		if v.Bind {
			m.Type, m.Source = mount.TypeBind, v.Source
		}
		host.Mounts = append(host.Mounts, m)
	}
	return cfg, host, nil
}

// imageWorkdir is the image's working directory, or [engine.DefaultWorkdir]
// when it sets none (or /): as New found it (checkImages), else, for an
// image no service names, from the engine.
func (d *Provider) imageWorkdir(ctx context.Context, image string) (string, error) {
	if wd, ok := d.workdirs[image]; ok {
		return wd, nil
	}
	img, err := d.cli.ImageInspect(ctx, image)
	if err != nil {
		return "", fmt.Errorf("docker sandbox: image %q: %w", image, err)
	}
	return workdirOf(img), nil
}

// workdirOf is img's working directory, or [engine.DefaultWorkdir] when it
// sets none (or /).
func workdirOf(img image.InspectResponse) string {
	if img.Config != nil && img.Config.WorkingDir != "" && img.Config.WorkingDir != "/" {
		return img.Config.WorkingDir
	}
	return engine.DefaultWorkdir
}

// createVolume makes a labelled named volume.
func (d *Provider) createVolume(ctx context.Context, name string, labels map[string]string) error {
	if _, err := d.cli.VolumeCreate(ctx, volume.CreateOptions{Name: name, Labels: labels}); err != nil {
		return fmt.Errorf("docker sandbox: volume %s: %w", name, err)
	}
	return nil
}

// Name returns the sandbox's name.
func (e *dockerEnv) Name() string { return e.name }

// abs resolves p against the working directory.
func (e *dockerEnv) abs(p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(e.workdir, p)
}

// Prepare writes files into the container and runs the setup there; files
// that are all empty (the layout alone) with one command (makeEmpty).
func (e *dockerEnv) Prepare(ctx context.Context, files map[string][]byte, setup string) error {
	var err error
	switch {
	case len(files) == 0:
	case emptyOnly(files):
		err = e.makeEmpty(ctx, files)
	default:
		err = e.writeFiles(ctx, files)
	}
	if err != nil {
		return fmt.Errorf("sandbox: files in %s: %w", sandbox.Label(e.name), err)
	}
	return sandbox.RunSetup(ctx, e.Exec, e.name, setup)
}
