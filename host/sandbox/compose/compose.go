// Package compose reads compose files for the container sandbox providers
// (host/sandbox/docker, host/sandbox/kubernetes) with compose-go, the loader
// Docker Compose itself uses, into the few settings the providers implement,
// and refuses what they do not implement (each provider checks what it
// alone cannot do, such as a user given by name on Kubernetes).
package compose

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/template"
	"github.com/compose-spec/compose-go/v2/types"
)

// DefaultService is the compose service that is a sample's default sandbox
// (name ""), as in Inspect; without one, a compose file's first service by
// name is.
const DefaultService = "default"

// Service is what the provider makes one container from: a compose
// service, or the one service of `image = "…"`.
type Service struct {
	Name  string
	Image string
	// Command is nil when the service runs nothing of its own.
	Command    []string
	Entrypoint []string
	WorkingDir string
	User       string
	// Env is KEY=value, sorted.
	Env     []string
	Volumes []Volume
	// Tmpfs are "target[:options]" mounts.
	Tmpfs []string
	// Memory is in bytes, NanoCPUs in 1e-9 CPUs, Pids a process count;
	// 0 is no limit.
	Memory   int64
	NanoCPUs int64
	Pids     int64
	ReadOnly bool
	CapAdd   []string
	CapDrop  []string
}

// Volume is one of a service's volumes: a named volume of the project
// (the provider makes one per sample) or a bind mount of a host path.
type Volume struct {
	// Bind is true for a bind mount (Source a host path), false for a
	// named volume (Source the project's volume name).
	Bind     bool
	Source   string
	Target   string
	ReadOnly bool
}

// Project is a parsed compose file: its services sorted by name and the
// named volumes they use, sorted.
type Project struct {
	Services []Service
	Volumes  []string
	// opts and root are what Load checked the file against ([Project.CheckBinds]).
	opts Options
	root string
}

// Load parses the compose file at path and checks that swarmhost can run
// it: every service has an image (swarmhost never builds or pulls) and uses
// only volumes it implements, and takes from the host only what opts
// allows (host paths, environment variables, capabilities, root). Errors
// name the file, the line and the service.
func Load(ctx context.Context, path string, opts Options) (*Project, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("compose file: %w", err)
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("compose file %s: not a regular file", path)
	}
	content, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("compose file: %w", err)
	}
	root := opts.Root
	if root == "" {
		root = filepath.Dir(abs)
	}
	src := parseSource(content)
	ps := &problems{path: path}
	for ref, line := range src.fileRefs(filepath.Dir(abs)) {
		checkFile(ps, root, line, "the file", ref)
	}
	// what interpolation reads beyond the allowed variables, in files
	// the YAML walk does not see (include, extends)
	unlisted := map[string]bool{}
	env := opts.environment()
	details := types.ConfigDetails{WorkingDir: filepath.Dir(abs),
		ConfigFiles: []types.ConfigFile{{Filename: abs, Content: content}}, Environment: env}
	if err := ps.err(); err != nil {
		return nil, err // compose-go would read those files
	}
	// before compose-go reads a variable, which it reads as unset: the load is safe, and what it
	// finds wrong with the services is said with these
	checkEnv(ps, src, opts, src.serviceNames())
	project, err := loader.LoadWithContext(ctx, details, func(o *loader.Options) {
		o.SetProjectName("swarmhost", true)
		o.ResolvePaths = true
		// env_file is read below, once its place is checked
		o.SkipResolveEnvironment = true
		// compose-go's own warning for an unset variable ("Defaulting to a blank string") would
		// precede the refusal of a variable the suite does not pass; one it passes and the host
		// lacks is empty, as in compose
		o.Interpolate.Substitute = func(s string, m template.Mapping) (string, error) {
			return template.SubstituteWithOptions(s, m, template.WithoutLogging)
		}
		o.Interpolate.LookupValue = func(name string) (string, bool) {
			v, ok := env[name]
			if !ok && !slices.Contains(opts.Env, name) {
				unlisted[name] = true
			}
			return v, ok
		}
	})
	if err != nil {
		if perr := ps.err(); perr != nil {
			return nil, perr // ${VAR:?…} fails in compose-go's words, after these
		}
		return nil, fmt.Errorf("compose file %s: %w", path, err)
	}
	if len(project.Services) == 0 {
		return nil, fmt.Errorf("compose file %s: no services", path)
	}
	names := slices.Sorted(maps.Keys(project.Services))
	seen := src.variables()
	for name := range unlisted {
		if _, ok := seen[name]; !ok {
			ps.add(0, "${%s} (in a file this one includes or extends) reads the host's environment variable %s, "+
				`which the suite does not pass; name it in the sandbox block (allow_env = [%q])`, name, name, name)
		}
	}
	for _, name := range names {
		checkService(ps, src, opts, root, project.Services[name])
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	if project, err = project.WithServicesEnvironmentResolved(true); err != nil {
		return nil, fmt.Errorf("compose file %s: %w", path, err)
	}
	out := &Project{Volumes: slices.Sorted(maps.Keys(project.Volumes)), opts: opts, root: root}
	for _, name := range names {
		svc, err := fromCompose(project.Services[name])
		if err != nil {
			return nil, fmt.Errorf("compose file %s:%d: service %q: %w", path, src.line(name, ""), name, err)
		}
		out.Services = append(out.Services, svc)
	}
	return out, nil
}

// fromCompose converts one compose service.
func fromCompose(s types.ServiceConfig) (Service, error) {
	if s.Image == "" {
		return Service{}, fmt.Errorf("no image: swarmhost never builds or pulls; build the image first and name it in `image:`")
	}
	if s.Build != nil {
		return Service{}, fmt.Errorf("`build:` is not supported: build the image first (docker build -t %s …) and keep only `image:`", s.Image)
	}
	svc := Service{Name: s.Name, Image: s.Image, Command: s.Command, Entrypoint: s.Entrypoint, WorkingDir: s.WorkingDir,
		User: s.User, Tmpfs: s.Tmpfs, Memory: int64(s.MemLimit), NanoCPUs: int64(s.CPUS * 1e9), Pids: s.PidsLimit,
		ReadOnly: s.ReadOnly, CapAdd: s.CapAdd, CapDrop: s.CapDrop}
	if s.Deploy != nil && s.Deploy.Resources.Limits != nil {
		l := s.Deploy.Resources.Limits
		svc.Memory = max(svc.Memory, int64(l.MemoryBytes))
		svc.NanoCPUs = max(svc.NanoCPUs, int64(float32(l.NanoCPUs)*1e9))
		svc.Pids = max(svc.Pids, l.Pids)
	}
	for k, v := range s.Environment {
		if v != nil {
			svc.Env = append(svc.Env, k+"="+*v)
		}
	}
	slices.Sort(svc.Env)
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeTmpfs {
			svc.Tmpfs = append(svc.Tmpfs, v.Target)
			continue
		}
		m, err := fromComposeVolume(v)
		if err != nil {
			return Service{}, err
		}
		svc.Volumes = append(svc.Volumes, m)
	}
	return svc, nil
}

// refuseHostKeys refuses the keys that would give a service the host
// (its namespaces, its devices, all its capabilities, no confinement),
// each at its line. The providers implement none of them: they were
// dropped without a word, so a suite that asked for the host ran without
// it and could not tell (issue 27); they are now refused, naming the key.
func refuseHostKeys(ps *problems, src source, s types.ServiceConfig) {
	refuse := func(key, what string) {
		ps.add(src.line(s.Name, key), "service %q: %s would give the service the host, which no swarmhost sandbox "+
			"provider does: remove it", s.Name, what)
	}
	if s.Privileged {
		refuse("privileged", "privileged: true")
	}
	for _, key := range []string{"network_mode", "pid", "ipc", "uts", "userns_mode"} {
		mode := map[string]string{"network_mode": s.NetworkMode, "pid": s.Pid, "ipc": s.Ipc, "uts": s.Uts,
			"userns_mode": s.UserNSMode}[key]
		if mode == "host" {
			refuse(key, key+": host")
		}
	}
	if len(s.Devices) > 0 {
		refuse("devices", "devices")
	}
	for _, opt := range s.SecurityOpt {
		if strings.Contains(opt, "unconfined") {
			refuse("security_opt", "security_opt: "+opt)
		}
	}
}

// fromComposeVolume converts one named volume or bind mount.
func fromComposeVolume(v types.ServiceVolumeConfig) (Volume, error) {
	switch v.Type {
	case types.VolumeTypeVolume:
		if v.Source == "" {
			if drive, rest, ok := windowsDrive(v.Target); ok {
				return Volume{}, fmt.Errorf("volume %q: compose reads a one-letter name before ':' as a Windows drive "+
					"(%s:), which makes this an anonymous volume; give the volume a name of two letters or more, "+
					"or use the long syntax (type: volume, source: %s, target: %s)", v.Target, drive, drive, rest)
			}
			return Volume{}, fmt.Errorf("volume at %s: anonymous volumes are not supported; name it", v.Target)
		}
		return Volume{Source: v.Source, Target: v.Target, ReadOnly: v.ReadOnly}, nil
	case types.VolumeTypeBind:
		return Volume{Bind: true, Source: v.Source, Target: v.Target, ReadOnly: v.ReadOnly}, nil
	}
	return Volume{}, fmt.Errorf("volume at %s: type %q is not supported (volume, bind or tmpfs)", v.Target, v.Type)
}

// windowsDrive reports whether target starts as compose-go reads a Windows
// drive ("a:/workspace"): the letter and the path after the colon.
func windowsDrive(target string) (drive, rest string, ok bool) {
	if len(target) < 3 || target[1] != ':' || (target[2] != '/' && target[2] != '\\') {
		return "", "", false
	}
	c := target[0]
	if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
		return "", "", false
	}
	return target[:1], target[2:], true
}
