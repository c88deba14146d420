package docker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// dockerSet is the containers of one sample × epoch: the docker provider's
// [sandbox.Set].
type dockerSet struct {
	d       *Provider
	members []string
	own     bool              // members have their own containers
	ownOf   map[string]string // member → its sandbox's name
	byName  map[string]*dockerEnv
	names   []string
	volumes []string // engine names of the sample's volumes
	once    sync.Once
	err     error
}

// Sample creates the sample's containers (and the compose project's named
// volumes, one set per sample), writes the sample's files and the
// filesystem channel's layout, and runs the setup. On any error it removes
// everything it made.
func (d *Provider) Sample(ctx context.Context, spec sandbox.SampleSpec) (sandbox.Set, error) {
	if err := sandbox.CheckMembers(spec.Members); err != nil {
		return nil, err
	}
	contents, err := sandbox.ResolveFiles(spec.Files, spec.BaseDir)
	if err != nil {
		return nil, err
	}
	s := &dockerSet{d: d, members: spec.Members, own: spec.PerMember || d.cfg.PerMember, byName: map[string]*dockerEnv{},
		ownOf: engine.OwnSandboxes(spec)}
	plan, err := s.plan()
	if err != nil {
		return nil, err
	}
	d.sets.Track(s, true)
	if err := s.build(ctx, spec, plan, contents); err != nil {
		return nil, errors.Join(err, s.Close())
	}
	return s, nil
}

// plan maps the project's services to the sample's sandboxes (planSandboxes).
func (s *dockerSet) plan() ([]engine.Planned, error) {
	return engine.Plan("docker", s.d.project, s.d.cfg.Compose, s.members, s.ownOf, s.own)
}

// build makes the volumes and containers, then prepares them.
func (s *dockerSet) build(ctx context.Context, spec sandbox.SampleSpec, plan []engine.Planned, files map[string][]byte) error {
	project := engine.ProjectName(s.d.cfg.Run, spec.ID, spec.Epoch)
	labels := map[string]string{LabelOwner: s.d.owner, LabelRun: s.d.cfg.Run, LabelSample: spec.ID,
		LabelEpoch: strconv.Itoa(spec.Epoch)}
	if err := s.makeVolumes(ctx, project, labels); err != nil {
		return err
	}
	envs := make([]*dockerEnv, len(plan))
	errs := make([]error, len(plan))
	var wg sync.WaitGroup
	for i, p := range plan {
		wg.Go(func() {
			envs[i], errs[i] = s.d.start(ctx, startSpec{project: project, name: p.Name, svc: p.Service, labels: labels,
				network: spec.Network || s.d.cfg.Network})
		})
	}
	wg.Wait()
	for i, e := range envs {
		if e != nil {
			s.byName[plan[i].Name] = e
			s.names = append(s.names, plan[i].Name)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	err := s.prepare(ctx, files, spec.Setup)
	if ctx.Err() != nil {
		// Inspecting would only fail with ctx's error, hiding the set-up's.
		return cmp.Or(err, ctx.Err())
	}
	// A service that exited explains the set-up's failure, if any: both.
	return errors.Join(s.settle(ctx, err == nil), err)
}

// settle checks that every container still runs once the sample's set-up
// has run, so a service that exits at start (a command that fails, a
// missing binary) fails the sample with its exit code and output. The
// set-up begins once every container has started and always runs a
// command in the default sandbox first (the one that makes its layout, or
// mkdir before its files); that round trip is each container's time to
// exit. Should a set-up ever run none,
// settle runs `true` there itself, unless ran is false (the set-up failed:
// check at once). One inspect per container, all at once.
func (s *dockerSet) settle(ctx context.Context, ran bool) error {
	if def := s.byName[""]; ran && def != nil && def.execs.Load() == 0 {
		_, _ = def.Exec(ctx, sandbox.ExecRequest{Command: []string{"true"}})
	}
	errs := make([]error, len(s.names))
	var wg sync.WaitGroup
	for i, name := range s.names {
		e := s.byName[name]
		wg.Go(func() { errs[i] = s.d.running(ctx, e, e.svc) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// makeVolumes creates the sample's own copy of each named volume, all at
// once.
func (s *dockerSet) makeVolumes(ctx context.Context, project string, labels map[string]string) error {
	errs := make([]error, len(s.d.project.Volumes))
	made := make([]bool, len(s.d.project.Volumes))
	var wg sync.WaitGroup
	for i, v := range s.d.project.Volumes {
		wg.Go(func() {
			errs[i] = s.d.createVolume(ctx, project+"_"+v, labels)
			made[i] = errs[i] == nil
		})
	}
	wg.Wait()
	for i, v := range s.d.project.Volumes {
		if made[i] {
			s.volumes = append(s.volumes, project+"_"+v)
		}
	}
	return errors.Join(errs...)
}

// prepare writes the files (and, in the default sandbox, the filesystem
// channel's layout) and runs the setup in the default sandbox and each
// member's own.
func (s *dockerSet) prepare(ctx context.Context, files map[string][]byte, setup string) error {
	return engine.PrepareEnvs(ctx, s.byName, s.ownOf, s.own, s.members, files, setup)
}

// For returns the container member works in.
func (s *dockerSet) For(member string) sandbox.Env {
	if !s.own {
		return s.byName[""]
	}
	if e := s.byName[s.ownOf[member]]; e != nil && s.ownOf[member] != "" {
		return e
	}
	return nil
}

// Named returns the sandbox called name.
func (s *dockerSet) Named(name string) (sandbox.Env, error) {
	if e := s.byName[name]; e != nil {
		return e, nil
	}
	return nil, fmt.Errorf("sandbox: no sandbox named %q", name)
}

// Names lists the sandboxes: "", the members' own, then the services.
func (s *dockerSet) Names() []string { return slices.Clone(s.names) }

// Close removes the sample's containers, all at once, then its volumes.
func (s *dockerSet) Close() error {
	s.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
		defer cancel()
		errs := make([]error, 0, len(s.byName)+len(s.volumes))
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, e := range s.byName {
			wg.Go(func() {
				err := removeContainer(ctx, s.d.cli, e.id)
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			})
		}
		wg.Wait()
		for _, v := range s.volumes {
			wg.Go(func() {
				err := removeVolume(ctx, s.d.cli, v)
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			})
		}
		wg.Wait()
		s.err = errors.Join(errs...)
		s.d.sets.Track(s, false)
	})
	return s.err
}
