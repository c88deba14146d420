package sandbox

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
)

// DefaultService is the compose service that is a sample's default sandbox
// (name ""), as in Inspect; without one, a compose file's first service by
// name is.
const DefaultService = "default"

// DefaultWorkdir is a container's working directory unless its compose
// service or image sets one: where files land and commands run.
const DefaultWorkdir = "/workspace"

// service is what the provider makes one container from: a compose service,
// or the one service of `image = "…"`.
type service struct {
	name       string
	image      string
	command    []string // nil: keep the container alive doing nothing
	entrypoint []string
	workdir    string
	user       string
	env        []string
	volumes    []volumeMount
	tmpfs      []string
	memory     int64 // bytes; 0: no limit
	nanoCPUs   int64
	pids       int64
	readOnly   bool
	capAdd     []string
	capDrop    []string
}

// volumeMount is one of a service's volumes: a named volume of the compose
// project (made per sample) or a bind mount of a host path.
type volumeMount struct {
	kind     string // types.VolumeTypeVolume or types.VolumeTypeBind
	source   string // the project's volume name, or the host path
	target   string
	readOnly bool
}

// composeProject is a parsed compose file: its services sorted by name and
// the named volumes they use.
type composeProject struct {
	services []service
	volumes  []string
}

// LoadCompose parses the compose file at path with compose-go (the loader
// Docker Compose uses) and checks that swarmhost can run it: every service
// has an image (swarmhost never builds or pulls), and uses no feature it
// does not implement. Errors name the file.
func LoadCompose(ctx context.Context, path string) error {
	_, err := loadCompose(ctx, path)
	return err
}

// loadCompose parses the compose file at path into services.
func loadCompose(ctx context.Context, path string) (*composeProject, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	content, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("compose file: %w", err)
	}
	details := types.ConfigDetails{WorkingDir: filepath.Dir(abs),
		ConfigFiles: []types.ConfigFile{{Filename: abs, Content: content}}, Environment: types.NewMapping(os.Environ())}
	project, err := loader.LoadWithContext(ctx, details, func(o *loader.Options) {
		o.SetProjectName("swarmhost", true)
		o.ResolvePaths = true
	})
	if err != nil {
		return nil, fmt.Errorf("compose file %s: %w", path, err)
	}
	if len(project.Services) == 0 {
		return nil, fmt.Errorf("compose file %s: no services", path)
	}
	out := &composeProject{volumes: slices.Sorted(maps.Keys(project.Volumes))}
	for _, name := range slices.Sorted(maps.Keys(project.Services)) {
		svc, err := fromCompose(project.Services[name])
		if err != nil {
			return nil, fmt.Errorf("compose file %s: service %q: %w", path, name, err)
		}
		out.services = append(out.services, svc)
	}
	return out, nil
}

// fromCompose converts one compose service.
func fromCompose(s types.ServiceConfig) (service, error) {
	if s.Image == "" {
		return service{}, fmt.Errorf("no image: swarmhost never builds or pulls; build the image first and name it in `image:`")
	}
	if s.Build != nil {
		return service{}, fmt.Errorf("`build:` is not supported: build the image first (docker build -t %s …) and keep only `image:`", s.Image)
	}
	svc := service{name: s.Name, image: s.Image, command: s.Command, entrypoint: s.Entrypoint, workdir: s.WorkingDir,
		user: s.User, tmpfs: s.Tmpfs, memory: int64(s.MemLimit), nanoCPUs: int64(s.CPUS * 1e9), pids: s.PidsLimit,
		readOnly: s.ReadOnly, capAdd: s.CapAdd, capDrop: s.CapDrop}
	if s.Deploy != nil && s.Deploy.Resources.Limits != nil {
		l := s.Deploy.Resources.Limits
		svc.memory = max(svc.memory, int64(l.MemoryBytes))
		svc.nanoCPUs = max(svc.nanoCPUs, int64(float32(l.NanoCPUs)*1e9))
		svc.pids = max(svc.pids, l.Pids)
	}
	for k, v := range s.Environment {
		if v != nil {
			svc.env = append(svc.env, k+"="+*v)
		}
	}
	slices.Sort(svc.env)
	for _, v := range s.Volumes {
		m, err := fromComposeVolume(v)
		if err != nil {
			return service{}, err
		}
		if m.kind == "" {
			svc.tmpfs = append(svc.tmpfs, v.Target)
			continue
		}
		svc.volumes = append(svc.volumes, m)
	}
	return svc, nil
}

// fromComposeVolume converts one entry of a service's volumes; a tmpfs
// comes back with no kind.
func fromComposeVolume(v types.ServiceVolumeConfig) (volumeMount, error) {
	switch v.Type {
	case types.VolumeTypeVolume:
		if v.Source == "" {
			return volumeMount{}, fmt.Errorf("volume at %s: anonymous volumes are not supported; name it", v.Target)
		}
		return volumeMount{kind: v.Type, source: v.Source, target: v.Target, readOnly: v.ReadOnly}, nil
	case types.VolumeTypeBind:
		return volumeMount{kind: v.Type, source: v.Source, target: v.Target, readOnly: v.ReadOnly}, nil
	case types.VolumeTypeTmpfs:
		return volumeMount{}, nil
	}
	return volumeMount{}, fmt.Errorf("volume at %s: type %q is not supported (volume, bind or tmpfs)", v.Target, v.Type)
}
