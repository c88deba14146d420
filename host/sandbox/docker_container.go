package sandbox

import (
	"context"
	"fmt"
	"io"
	"maps"
	"path"
	"strings"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/pkg/stdcopy"
)

// idleCommand keeps a container up when its service runs nothing itself.
var idleCommand = []string{"tail", "-f", "/dev/null"}

// startSpec is one container to create and start.
type startSpec struct {
	project string
	name    string // sandbox name: "" for the default
	svc     service
	labels  map[string]string
	network bool
}

// dockerEnv is one container: the docker provider's [Env].
type dockerEnv struct {
	d       *Docker
	name    string
	id      string
	workdir string
	// create is what the container was made from, for a view's copy.
	create *container.Config
	host   *container.HostConfig
}

// start creates and starts the container of sp; a container that does not
// keep running is removed and reported with the end of its output.
func (d *Docker) start(ctx context.Context, sp startSpec) (*dockerEnv, error) {
	cfg, host, err := d.containerConfig(ctx, sp)
	if err != nil {
		return nil, err
	}
	cname := sp.project + "-" + sp.svc.name
	created, err := d.cli.ContainerCreate(ctx, cfg, host, nil, nil, cname)
	if err != nil {
		return nil, fmt.Errorf("docker sandbox: create %s (service %q): %w", label(sp.name), sp.svc.name, err)
	}
	e := &dockerEnv{d: d, name: sp.name, id: created.ID, workdir: cfg.WorkingDir, create: cfg, host: host}
	if err := d.cli.ContainerStart(ctx, created.ID, container.StartOptions{}); err != nil {
		return e, fmt.Errorf("docker sandbox: start %s (service %q): %w", label(sp.name), sp.svc.name, err)
	}
	if err := d.running(ctx, e, sp.svc.name); err != nil {
		return e, err
	}
	return e, nil
}

// running checks that the container runs; if it exited, the error gives
// its exit code and the end of its output.
func (d *Docker) running(ctx context.Context, e *dockerEnv, svc string) error {
	info, err := d.cli.ContainerInspect(ctx, e.id)
	if err != nil {
		return fmt.Errorf("docker sandbox: inspect %s: %w", label(e.name), err)
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
func (d *Docker) logTail(ctx context.Context, id string) string {
	rc, err := d.cli.ContainerLogs(ctx, id, container.LogsOptions{ShowStdout: true, ShowStderr: true, Tail: "20"})
	if err != nil {
		return ""
	}
	defer rc.Close()
	var out, errOut tail
	out.limit, errOut.limit = setupErrBytes, setupErrBytes
	_, _ = stdcopy.StdCopy(&out, &errOut, io.LimitReader(rc, 1<<20))
	text := strings.TrimSpace(out.String() + "\n" + errOut.String())
	if text == "" {
		return ""
	}
	return ": " + lastBytes(text, setupErrBytes)
}

// containerConfig is the engine's form of sp: labels, the working dir (the
// service's, else the image's unless it is /, else /workspace), the
// sample's volumes, limits, and NetworkMode "none" unless the network is on.
func (d *Docker) containerConfig(ctx context.Context, sp startSpec) (*container.Config, *container.HostConfig, error) {
	svc := sp.svc
	labels := maps.Clone(sp.labels)
	labels[LabelSandbox] = sp.name
	cfg := &container.Config{Image: svc.image, Cmd: svc.command, Entrypoint: svc.entrypoint, User: svc.user,
		Env: svc.env, Labels: labels, WorkingDir: svc.workdir, Hostname: svc.name}
	if len(svc.command) == 0 && len(svc.entrypoint) == 0 {
		cfg.Cmd = idleCommand
	}
	if cfg.WorkingDir == "" {
		img, err := d.cli.ImageInspect(ctx, svc.image)
		if err != nil {
			return nil, nil, fmt.Errorf("docker sandbox: image %q: %w", svc.image, err)
		}
		if img.Config != nil && img.Config.WorkingDir != "" && img.Config.WorkingDir != "/" {
			cfg.WorkingDir = img.Config.WorkingDir
		} else {
			cfg.WorkingDir = DefaultWorkdir
		}
	}
	init := true
	host := &container.HostConfig{NetworkMode: "none", Init: &init, ReadonlyRootfs: svc.readOnly,
		CapAdd: svc.capAdd, CapDrop: svc.capDrop, SecurityOpt: []string{"no-new-privileges"},
		Resources: container.Resources{Memory: svc.memory, NanoCPUs: svc.nanoCPUs}}
	if sp.network {
		host.NetworkMode = ""
	}
	if svc.pids > 0 {
		host.PidsLimit = &svc.pids
	}
	for _, t := range svc.tmpfs {
		if host.Tmpfs == nil {
			host.Tmpfs = map[string]string{}
		}
		target, opts, _ := strings.Cut(t, ":")
		host.Tmpfs[target] = opts
	}
	for _, v := range svc.volumes {
		m := mount.Mount{Type: mount.TypeVolume, Source: sp.project + "_" + v.source, Target: v.target, ReadOnly: v.readOnly}
		if v.kind != "volume" {
			m.Type, m.Source = mount.TypeBind, v.source
		}
		host.Mounts = append(host.Mounts, m)
	}
	return cfg, host, nil
}

// createVolume makes a labelled named volume.
func (d *Docker) createVolume(ctx context.Context, name string, labels map[string]string) error {
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

// prepare writes files into the container and runs the setup there.
func (e *dockerEnv) prepare(ctx context.Context, files map[string][]byte, setup string) error {
	if len(files) > 0 {
		if err := e.writeFiles(ctx, files); err != nil {
			return err
		}
	}
	if setup == "" {
		return nil
	}
	res, err := e.Exec(ctx, ExecRequest{Command: []string{"sh", "-c", setup}})
	if err != nil {
		return fmt.Errorf("sandbox: setup in %s: %w", label(e.name), err)
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("sandbox: setup failed in %s (exit %d): %s", label(e.name), res.ExitCode, lastBytes(res.Stderr, setupErrBytes))
	}
	return nil
}

// label names a sandbox in messages.
func label(name string) string {
	if name == "" {
		return "the shared sandbox"
	}
	return "the sandbox of " + name
}
