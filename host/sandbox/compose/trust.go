package compose

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/template"
	"github.com/compose-spec/compose-go/v2/types"
	"go.yaml.in/yaml/v3"
)

// AllServices in [Options.HostAccess] stands for every service of the
// compose file.
const AllServices = "*"

// Access is what one service may take from the host (SPEC §13; the
// containers guide, "What a compose file may take from the host"): each
// is refused unless set.
type Access struct {
	// Binds lets the service bind-mount host paths outside the suite's
	// directory (a hostPath volume on Kubernetes).
	Binds bool `json:"binds,omitempty"`
	// Capabilities lets the service add capabilities (cap_add).
	Capabilities bool `json:"capabilities,omitempty"`
	// Root lets the service ask for uid 0 (user: root, user: 0, runAsUser: 0
	// on Kubernetes). An image whose own user is root runs as the image says
	// without it, as under Docker: no host path, no added capability.
	Root bool `json:"root,omitempty"`
}

// AccessKinds are the names of [Access]'s fields in the suite language, in
// the order messages list them.
var AccessKinds = []string{"binds", "capabilities", "root"}

// Set sets the kind named (one of [AccessKinds]) and reports whether it
// knows it.
func (a *Access) Set(kind string) bool {
	switch kind {
	case "binds":
		a.Binds = true
	case "capabilities":
		a.Capabilities = true
	case "root":
		a.Root = true
	default:
		return false
	}
	return true
}

// Options is what a suite lets its compose file reach on the host. The
// zero value lets it reach nothing outside the compose file's directory:
// no host path, no host environment variable, no capability, no root.
type Options struct {
	// Root is the suite's directory: bind-mount sources (unless the service
	// may have Binds), env_file, label_file, include and extends files must
	// be inside it once symlinks are resolved. Empty: the compose file's
	// directory.
	Root string
	// Env names the host environment variables the file may read, by
	// ${VAR} interpolation or by an environment entry without a value;
	// reading any other is refused.
	Env []string
	// HostAccess is what each service (by name, or [AllServices]) may take
	// from the host.
	HostAccess map[string]Access
}

// access is what service may take from the host.
func (o Options) access(service string) Access {
	a, all := o.HostAccess[service], o.HostAccess[AllServices]
	return Access{Binds: a.Binds || all.Binds, Capabilities: a.Capabilities || all.Capabilities, Root: a.Root || all.Root}
}

// environment is the part of the host's environment the file may read.
func (o Options) environment() types.Mapping {
	m := types.Mapping{}
	for _, name := range o.Env {
		if v, ok := os.LookupEnv(name); ok {
			m[name] = v
		}
	}
	return m
}

// problem is one thing the compose file asks for that the suite did not
// allow, at a line of the file (0: a line of another file it includes).
type problem struct {
	line int
	msg  string
}

// problems collects what a compose file asks for beyond its suite's
// allowance, and says it as one error naming the file and each line.
type problems struct {
	path string
	list []problem
}

// add records a problem at line.
func (ps *problems) add(line int, format string, args ...any) {
	ps.list = append(ps.list, problem{line, fmt.Sprintf(format, args...)})
}

// err is nil without problems, else every problem on a line of its own,
// in line order.
func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	slices.SortStableFunc(ps.list, func(a, b problem) int { return a.line - b.line })
	lines := make([]string, len(ps.list))
	for i, p := range ps.list {
		if p.line > 0 {
			lines[i] = fmt.Sprintf("%s:%d: %s", ps.path, p.line, p.msg)
		} else {
			lines[i] = fmt.Sprintf("%s: %s", ps.path, p.msg)
		}
	}
	return errors.New(strings.Join(lines, "\n"))
}

// source is a compose file's YAML, for the lines of its keys.
type source struct {
	doc *yaml.Node // the top mapping; nil when the file did not parse
}

// parseSource parses content for its lines; a file that does not parse
// gives no lines (compose-go reports why it does not).
func parseSource(content []byte) source {
	var n yaml.Node
	if yaml.Unmarshal(content, &n) != nil || len(n.Content) == 0 || n.Content[0].Kind != yaml.MappingNode {
		return source{}
	}
	return source{doc: n.Content[0]}
}

// lookup finds key in a mapping, following merge keys (<<: *anchor) the
// way YAML merges them: the mapping's own key first.
func lookup(m *yaml.Node, key string) (k, v *yaml.Node) {
	m = deref(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "<<" {
			continue
		}
		merged := deref(m.Content[i+1])
		sources := []*yaml.Node{merged}
		if merged != nil && merged.Kind == yaml.SequenceNode {
			sources = merged.Content
		}
		for _, s := range sources {
			if k, v := lookup(s, key); k != nil {
				return k, v
			}
		}
	}
	return nil, nil
}

// deref follows an alias to its anchor.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// service is a service's mapping node.
func (s source) service(name string) *yaml.Node {
	_, services := lookup(s.doc, "services")
	_, svc := lookup(services, name)
	return svc
}

// serviceNames are the names under services, in file order.
func (s source) serviceNames() []string {
	var out []string
	_, services := lookup(s.doc, "services")
	if services = deref(services); services != nil && services.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(services.Content); i += 2 {
			out = append(out, services.Content[i].Value)
		}
	}
	return out
}

// line is the line of a service's key, else of the service, else 0.
func (s source) line(service, key string) int {
	svc := s.service(service)
	if k, _ := lookup(svc, key); k != nil {
		return k.Line
	}
	if _, services := lookup(s.doc, "services"); services != nil {
		if k, _ := lookup(services, service); k != nil {
			return k.Line
		}
	}
	return 0
}

// volumeLine is the line of the service's volume mounted at target.
func (s source) volumeLine(service, target string) int {
	_, vols := lookup(s.service(service), "volumes")
	if vols = deref(vols); vols != nil && vols.Kind == yaml.SequenceNode {
		for _, item := range vols.Content {
			item = deref(item)
			if item.Kind == yaml.ScalarNode && volumeTarget(item.Value) == target {
				return item.Line
			}
			if _, t := lookup(item, "target"); t != nil && deref(t).Value == target {
				return item.Line
			}
		}
	}
	return s.line(service, "volumes")
}

// volumeTarget is the container path of a short-syntax volume
// ([source:]target[:mode]).
func volumeTarget(spec string) string {
	parts := strings.Split(spec, ":")
	if len(parts) == 1 {
		return parts[0]
	}
	return parts[1]
}

// hostEnvEntries are the service's environment entries with no value,
// which compose fills from the host's environment: name → line.
func (s source) hostEnvEntries(service string) map[string]int {
	out := map[string]int{}
	_, env := lookup(s.service(service), "environment")
	env = deref(env)
	if env == nil {
		return out
	}
	switch env.Kind {
	case yaml.SequenceNode:
		for _, item := range env.Content {
			if item = deref(item); item.Kind == yaml.ScalarNode && !strings.Contains(item.Value, "=") {
				out[item.Value] = item.Line
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(env.Content); i += 2 {
			if v := deref(env.Content[i+1]); v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
				out[env.Content[i].Value] = env.Content[i].Line
			}
		}
	}
	return out
}

// variables are the variables ${…} interpolation reads anywhere in the
// file: name → first line.
func (s source) variables() map[string]int {
	out := map[string]int{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil {
			return
		}
		if n.Kind == yaml.ScalarNode {
			for name := range template.ExtractVariables(map[string]any{"v": n.Value}, nil) {
				if _, seen := out[name]; !seen {
					out[name] = n.Line
				}
			}
			return
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(s.doc)
	return out
}

// fileRefs are the paths of other files the compose file makes compose-go
// read before swarmhost sees the project (include and its env_file,
// extends, label_file),
// relative to dir when relative: path → line.
func (s source) fileRefs(dir string) map[string]int {
	out := map[string]int{}
	var add func(n *yaml.Node, key string)
	add = func(n *yaml.Node, key string) {
		n = deref(n)
		if n == nil {
			return
		}
		switch n.Kind {
		case yaml.ScalarNode:
			out[absIn(dir, n.Value)] = n.Line
		case yaml.SequenceNode:
			for _, item := range n.Content {
				if item = deref(item); item.Kind == yaml.ScalarNode {
					out[absIn(dir, item.Value)] = item.Line
				} else if _, p := lookup(item, key); p != nil {
					add(p, key)
				}
			}
		case yaml.MappingNode:
			if _, p := lookup(n, key); p != nil {
				add(p, key)
			}
		}
	}
	_, include := lookup(s.doc, "include")
	add(include, "path")
	// an include's env_file feeds the included file's interpolation
	if include = deref(include); include != nil && include.Kind == yaml.SequenceNode {
		for _, item := range include.Content {
			if _, envFile := lookup(item, "env_file"); envFile != nil {
				add(envFile, "")
			}
		}
	}
	_, services := lookup(s.doc, "services")
	if services = deref(services); services != nil && services.Kind == yaml.MappingNode {
		for i := 1; i < len(services.Content); i += 2 {
			if _, ext := lookup(services.Content[i], "extends"); ext != nil && deref(ext).Kind == yaml.MappingNode {
				_, f := lookup(ext, "file")
				add(f, "file")
			}
			_, labels := lookup(services.Content[i], "label_file")
			add(labels, "")
		}
	}
	return out
}

// absIn is p made absolute against dir, with ~ the user's home as compose
// reads it.
func absIn(dir, p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// resolve is p with every symlink of its longest existing prefix resolved,
// so that a link inside the suite pointing out of it is seen as outside.
func resolve(p string) string {
	p = filepath.Clean(p)
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest)
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// inside reports whether p, symlinks resolved, is root or under it.
func inside(root, p string) bool {
	rel, err := filepath.Rel(resolve(root), resolve(p))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// checkFile refuses a file compose would read outside root, or one that
// is not a regular file (a FIFO would block the host, a device stream
// without end).
func checkFile(ps *problems, root string, line int, what, p string) {
	if !inside(root, p) {
		ps.add(line, "%s %s is outside the suite's directory %s: a suite's compose file reads only the suite's files; "+
			"copy it into the suite", what, p, root)
		return
	}
	if info, err := os.Stat(p); err == nil && !info.Mode().IsRegular() {
		ps.add(line, "%s %s is not a regular file", what, p)
	}
}

// isRoot reports whether a compose user (user[:group]) is uid 0: "root",
// or a number the runtimes read as 0 — with a sign ("+0", "-0": Go's
// strconv.ParseInt and Atoi accept them, and the Kubernetes provider's
// runAsUser is one), leading zeros, or one that wraps to 0 as a 32-bit uid.
func isRoot(user string) bool {
	u, _, _ := strings.Cut(user, ":")
	if u == "root" {
		return true
	}
	n, ok := new(big.Int).SetString(u, 10)
	return ok && new(big.Int).Mod(n, big.NewInt(1<<32)).Sign() == 0
}

// allowHint is how the suite allows kind for service.
func allowHint(service, kind string) string {
	return fmt.Sprintf(`if the suite means it, allow it in the sandbox block: allow_host_access = { %q = [%q] }`, service, kind)
}

// checkService refuses what svc takes from the host beyond opts.
func checkService(ps *problems, src source, opts Options, root string, s types.ServiceConfig) {
	refuseHostKeys(ps, src, s)
	a := opts.access(s.Name)
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeBind && !a.Binds && !inside(root, v.Source) {
			ps.add(src.volumeLine(s.Name, v.Target), "service %q: volumes: the bind mount of %s at %s is outside the "+
				"suite's directory %s and would give the service that part of the host; %s",
				s.Name, v.Source, v.Target, root, allowHint(s.Name, "binds"))
		}
	}
	if len(s.CapAdd) > 0 && !a.Capabilities {
		ps.add(src.line(s.Name, "cap_add"), "service %q: cap_add: %s would give the service capabilities over the host's "+
			"kernel; %s", s.Name, strings.Join(s.CapAdd, ", "), allowHint(s.Name, "capabilities"))
	}
	if isRoot(s.User) && !a.Root {
		ps.add(src.line(s.Name, "user"), "service %q: user: %q runs the service as root (uid 0); give an unprivileged "+
			"user, or %s", s.Name, s.User, allowHint(s.Name, "root"))
	}
	for _, f := range s.EnvFiles {
		checkFile(ps, root, src.line(s.Name, "env_file"), "service \""+s.Name+"\": env_file", f.Path)
	}
}

// checkEnv refuses the host environment variables the file reads that
// opts does not name: by interpolation anywhere, or by a service's
// environment entry without a value.
func checkEnv(ps *problems, src source, opts Options, services []string) {
	allowed := func(name string) bool { return slices.Contains(opts.Env, name) }
	for name, line := range src.variables() {
		if !allowed(name) {
			ps.add(line, "${%s} reads the host's environment variable %s, which the suite does not pass; "+
				`name it in the sandbox block (allow_env = [%q]), write the value in the file, or write $$%s for a "$" `+
				"the container sees", name, name, name, name)
		}
	}
	for _, svc := range services {
		for name, line := range src.hostEnvEntries(svc) {
			if !allowed(name) {
				ps.add(line, "service %q: environment: %s without a value takes the host's variable %s, which the "+
					`suite does not pass; name it in the sandbox block (allow_env = [%q]) or give it a value`,
					svc, name, name, name)
			}
		}
	}
}

// CheckBinds checks svc's bind mounts again, links resolved now, as the
// providers mount them for a sample: Load checked them when it read the
// file, but a member given a writable bind inside the suite's directory
// can since have made a component of another bind's source a link out of
// it, and the engine (or kubelet) follows links in a source. A project
// that Load did not make (one image) has no binds to check.
func (p *Project) CheckBinds(svc Service) error {
	if p == nil || p.root == "" || p.opts.access(svc.Name).Binds {
		return nil
	}
	for _, v := range svc.Volumes {
		if v.Bind && !inside(p.root, v.Source) {
			return fmt.Errorf("service %q: the bind mount of %s at %s now leads to %s, outside the suite's directory %s "+
				"(a link made since the compose file was read): not mounted", svc.Name, v.Source, v.Target, resolve(v.Source), p.root)
		}
	}
	return nil
}
