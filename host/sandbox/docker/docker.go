package docker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/docker/docker/client"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// Labels on every container and volume the docker provider makes; the
// sweep finds a killed host's leftovers by them.
const (
	// LabelOwner is "<hostname>/<pid>/<process start time>" of the host
	// process that made the object.
	LabelOwner = "swarmhost.owner"
	// LabelRun is the run's id ([Config.Run]).
	LabelRun = "swarmhost.run"
	// LabelSample is the sample's id and LabelEpoch its epoch.
	LabelSample = "swarmhost.sample"
	LabelEpoch  = "swarmhost.epoch"
	// LabelSandbox is the sandbox's name ("" for the default one).
	LabelSandbox = "swarmhost.sandbox"
)

// Config is a `sandbox "docker"` block: one of Compose and Image.
type Config struct {
	// Compose is the path of a compose file; its services are the sample's
	// sandboxes (the one named "default" the default sandbox, a member's
	// own the service named after the member).
	Compose string
	// ComposeOptions is what the compose file may take from the host (the
	// suite's allowances); the zero value allows nothing.
	ComposeOptions compose.Options
	// Image is the image of every sandbox when there is no compose file.
	Image string
	// PerMember gives each member its own container besides the default.
	PerMember bool
	// Network keeps the engine's default network; without it every
	// container gets NetworkMode "none".
	Network bool
	// Run is the run's id in labels; empty: a random one.
	Run string
}

// Provider is the `docker` sandbox provider: containers through the Docker
// Engine API of whatever engine DOCKER_HOST names (Docker, podman's API
// service, a remote engine over tcp:// or ssh://). It never pulls or
// builds an image. Safe for concurrent use.
type Provider struct {
	cli     *client.Client
	cfg     Config
	project *compose.Project
	owner   string
	sets    engine.OpenSets[*dockerSet]
	// workdirs is each service image's working directory, read once by
	// New (checkImages): an image inspect costs the engine more than a
	// container's create, so no container of the run inspects it again.
	// Read-only after New.
	workdirs map[string]string
}

// New connects to the engine (DOCKER_HOST and the other DOCKER_*
// variables, as the docker CLI reads them), checks the compose file and
// every image, and removes what a killed host on this machine left behind.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	project, err := dockerProject(ctx, cfg)
	if err != nil {
		return nil, err
	}
	cli, err := connect(ctx)
	if err != nil {
		return nil, err
	}
	d := &Provider{cli: cli, cfg: cfg, project: project, owner: engine.OwnerLabel()}
	if d.cfg.Run == "" {
		d.cfg.Run = engine.RandomID()
	}
	if err := d.checkImages(ctx); err != nil {
		cli.Close()
		return nil, err
	}
	if err := Sweep(ctx, cli); err != nil {
		cli.Close()
		return nil, err
	}
	return d, nil
}

// dockerProject is the services cfg describes.
func dockerProject(ctx context.Context, cfg Config) (*compose.Project, error) {
	switch {
	case cfg.Compose != "" && cfg.Image != "":
		return nil, errors.New(`docker sandbox: give compose or image, not both`)
	case cfg.Compose != "":
		return compose.Load(ctx, cfg.Compose, cfg.ComposeOptions)
	case cfg.Image != "":
		return &compose.Project{Services: []compose.Service{{Name: compose.DefaultService, Image: cfg.Image}}}, nil
	}
	return nil, errors.New(`docker sandbox: give compose = "compose.yaml" or image = "…"`)
}

// connect makes a client from the environment and checks the engine answers.
func connect(ctx context.Context) (*client.Client, error) {
	ssh, err := sshOptions(os.Getenv("DOCKER_HOST"))
	if err != nil {
		return nil, err
	}
	cli, err := client.NewClientWithOpts(append([]client.Opt{client.FromEnv, client.WithAPIVersionNegotiation()}, ssh...)...)
	if err != nil {
		return nil, fmt.Errorf("docker sandbox: %w (DOCKER_HOST=%q)", err, os.Getenv("DOCKER_HOST"))
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := cli.Ping(pctx); err != nil {
		cli.Close()
		host := cli.DaemonHost()
		if ssh != nil {
			host = os.Getenv("DOCKER_HOST")
		}
		return nil, unreachable(host, err)
	}
	cli.NegotiateAPIVersion(ctx)
	return cli, nil
}

// unreachable is the error for an engine that does not answer.
func unreachable(host string, err error) error {
	env := os.Getenv("DOCKER_HOST")
	if env == "" {
		env = "unset, so the default " + client.DefaultDockerHost
	}
	return fmt.Errorf("docker sandbox: no container engine answers at %s (DOCKER_HOST is %s): %w; "+
		"start one (as root: scripts/containers.sh start, then DOCKER_HOST=unix:///run/podman/podman.sock) "+
		"or point DOCKER_HOST at a running engine", host, env, err)
}

// checkImages checks that every image is on the engine (swarmhost never
// pulls, so a missing one is an error that says how to build it) and
// records each one's working directory in d.workdirs.
func (d *Provider) checkImages(ctx context.Context) error {
	d.workdirs = map[string]string{}
	for _, s := range d.project.Services {
		if _, seen := d.workdirs[s.Image]; seen {
			continue
		}
		img, err := d.cli.ImageInspect(ctx, s.Image)
		if err != nil {
			if errdefsNotFound(err) {
				return fmt.Errorf("docker sandbox: image %q (service %q) is not on the engine, and swarmhost never pulls: "+
					"build it first (`docker build -t %s DIR`, or scripts/containers.sh for the project's images)",
					s.Image, s.Name, s.Image)
			}
			return fmt.Errorf("docker sandbox: image %q: %w", s.Image, err)
		}
		d.workdirs[s.Image] = workdirOf(img)
	}
	return nil
}

// Close removes every sample's containers and volumes not closed yet and
// closes the engine connection. It is safe to call twice.
func (d *Provider) Close() error {
	errs, first := d.sets.CloseAll()
	if !first {
		return nil
	}
	errs = append(errs, d.cli.Close())
	return errors.Join(errs...)
}

// CheckEngine reports whether the engine DOCKER_HOST names answers and has
// every image listed (tests use it to decide whether they can run).
func CheckEngine(ctx context.Context, images ...string) error {
	cli, err := connect(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	for _, img := range images {
		if _, err := cli.ImageInspect(ctx, img); err != nil {
			return fmt.Errorf("docker sandbox: image %q: %w (scripts/containers.sh builds the project's images)", img, err)
		}
	}
	return nil
}
