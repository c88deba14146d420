package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// dockerSet is the containers of one sample × epoch: the docker provider's
// [Set].
type dockerSet struct {
	d       *Docker
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
func (d *Docker) Sample(ctx context.Context, spec SampleSpec) (Set, error) {
	if err := checkMembers(spec.Members); err != nil {
		return nil, err
	}
	contents, err := resolveFiles(spec.Files, spec.BaseDir)
	if err != nil {
		return nil, err
	}
	s := &dockerSet{d: d, members: spec.Members, own: spec.PerMember || d.cfg.PerMember, byName: map[string]*dockerEnv{},
		ownOf: ownSandboxes(spec)}
	plan, err := s.plan()
	if err != nil {
		return nil, err
	}
	d.track(s, true)
	if err := s.build(ctx, spec, plan, contents); err != nil {
		return nil, errors.Join(err, s.Close())
	}
	return s, nil
}

// planned is one container to make: the sandbox name and its service.
type planned struct {
	name string
	svc  compose.Service
}

// plan maps the project's services to the sample's sandboxes (planSandboxes).
func (s *dockerSet) plan() ([]planned, error) {
	return planSandboxes("docker", s.d.project, s.d.cfg.Compose, s.members, s.ownOf, s.own)
}

// build makes the volumes and containers, then prepares them.
func (s *dockerSet) build(ctx context.Context, spec SampleSpec, plan []planned, files map[string][]byte) error {
	project := projectName(s.d.cfg.Run, spec.ID, spec.Epoch)
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
			envs[i], errs[i] = s.d.start(ctx, startSpec{project: project, name: p.name, svc: p.svc, labels: labels,
				network: spec.Network || s.d.cfg.Network})
		})
	}
	wg.Wait()
	for i, e := range envs {
		if e != nil {
			s.byName[plan[i].name] = e
			s.names = append(s.names, plan[i].name)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return s.prepare(ctx, files, spec.Setup)
}

// makeVolumes creates the sample's own copy of each named volume.
func (s *dockerSet) makeVolumes(ctx context.Context, project string, labels map[string]string) error {
	for _, v := range s.d.project.Volumes {
		name := project + "_" + v
		if err := s.d.createVolume(ctx, name, labels); err != nil {
			return err
		}
		s.volumes = append(s.volumes, name)
	}
	return nil
}

// prepare writes the files (and, in the default sandbox, the filesystem
// channel's layout) and runs the setup in the default sandbox and each
// member's own.
func (s *dockerSet) prepare(ctx context.Context, files map[string][]byte, setup string) error {
	return prepareEnvs(ctx, s.byName, s.ownOf, s.own, s.members, files, setup)
}

// withLayout adds the filesystem channel's notes file and scratch markers.
func withLayout(files map[string][]byte, members []string) map[string][]byte {
	out := make(map[string][]byte, len(files)+len(members)+1)
	for k, v := range files {
		out[k] = v
	}
	out[NotesFile] = nil
	for _, m := range members {
		out[ScratchDir+"/"+m+"/"] = nil
	}
	return out
}

// For returns the container member works in.
func (s *dockerSet) For(member string) Env {
	if !s.own {
		return s.byName[""]
	}
	if e := s.byName[s.ownOf[member]]; e != nil && s.ownOf[member] != "" {
		return e
	}
	return nil
}

// Named returns the sandbox called name.
func (s *dockerSet) Named(name string) (Env, error) {
	if e := s.byName[name]; e != nil {
		return e, nil
	}
	return nil, fmt.Errorf("sandbox: no sandbox named %q", name)
}

// Names lists the sandboxes: "", the members' own, then the services.
func (s *dockerSet) Names() []string { return slices.Clone(s.names) }

// Close removes the sample's containers, then its volumes.
func (s *dockerSet) Close() error {
	s.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), engineTimeout)
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
			errs = append(errs, removeVolume(ctx, s.d.cli, v))
		}
		s.err = errors.Join(errs...)
		s.d.track(s, false)
	})
	return s.err
}

// projectName is the prefix of a sample's container and volume names:
// short, unique per run × sample × epoch, and valid in both.
func projectName(run, sample string, epoch int) string {
	sum := sha256.Sum256([]byte(run + "\x00" + sample + "\x00" + strconv.Itoa(epoch)))
	return "swarmhost-" + hex.EncodeToString(sum[:5])
}
