package config

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
)

// Plugin kinds, as written in `plugin "<kind>" "<name>"` blocks and in
// [PluginRef].
const (
	KindAgent      = "agent"
	KindController = "controller"
	KindScorer     = "scorer"
	// KindTask is a task plugin (the Inspect task loader).
	KindTask = "task"
)

// Trust levels of a [PluginPin].
const (
	// TrustDefault leaves the decision to the host.
	TrustDefault = ""
	// Trusted plugins run as plain child processes.
	Trusted = "trusted"
	// Untrusted plugins run under the isolation launcher (SPEC §13).
	Untrusted = "untrusted"
)

// PluginPin is a `plugin "<kind>" "<name>" { source, sha256, trust }` block:
// it overrides discovery of one plugin binary (SPEC §2). host/plugins reads it.
type PluginPin struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	// Source is the absolute path of the binary ("" = discover as usual); a
	// relative source is resolved against the suite directory.
	Source string `json:"source,omitempty"`
	// SHA256 is the expected lowercase hex digest of the binary, or "".
	SHA256 string `json:"sha256,omitempty"`
	// Trust is [Trusted], [Untrusted] or [TrustDefault].
	Trust string `json:"trust,omitempty"`
	// Limits (a nested `limits` block) and ReadOnly (`read_only`, extra
	// host paths, made absolute against the suite directory) apply when
	// the plugin runs sandboxed, i.e. untrusted.
	Limits   PluginLimits `json:"limits,omitzero"`
	ReadOnly []string     `json:"read_only,omitempty"`
	// StartTimeout (`start_timeout`) bounds the plugin's start-up, from exec
	// to its first Metadata answer; 0 takes DefaultStartTimeout.
	StartTimeout time.Duration `json:"start_timeout,omitempty"`
	// Workers (`workers`) is how many worker processes the plugin's
	// binary runs, each serving many members; 0 takes the host's default
	// (one per core for a Python plugin, else 1: host/plugins.Workers).
	Workers int `json:"workers,omitempty"`
	// Placement (`placement`) is where the workers take a sample's
	// members: PlacementMember (the default: spread over the workers) or
	// PlacementSample (one worker per sample, so they share what the
	// plugin keeps per process, such as Inspect's store()).
	Placement string `json:"placement,omitempty"`
	// DefRange is the block header; SourceRange the source attribute (or the
	// header when unset), for diagnostics about the binary.
	DefRange    hcl.Range `json:"-"`
	SourceRange hcl.Range `json:"-"`
	// SHA256Range is the sha256 attribute (or the header when unset).
	SHA256Range hcl.Range `json:"-"`
	// TrustRange is the trust attribute (or the header when unset).
	TrustRange hcl.Range `json:"-"`
}

var pinSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
	{Name: "source"}, {Name: "sha256"}, {Name: "trust"}, {Name: "read_only"}, {Name: StartTimeoutAttr}, {Name: "workers"},
	{Name: "placement"},
}, Blocks: []hcl.BlockHeaderSchema{{Type: "limits"}}}

// pluginNameRE is what a plugin name may look like: it becomes part of the
// binary name swarmhost-<kind>-<name>, so no path separators.
var pluginNameRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// collectPins decodes the plugin blocks into p.Plugins.
func (p *Parsed) collectPins(blocks []*hcl.Block) hcl.Diagnostics {
	ev := &evaluator{ctx: p.ctx}
	seen := namedSet{}
	for _, b := range blocks {
		if !ev.pluginLabels(b.Labels[0], b.Labels[1], b.LabelRanges) {
			continue
		}
		if d := seen.add("plugin", b.Labels[0]+" "+b.Labels[1], b.DefRange); d != nil {
			ev.report(d)
			continue
		}
		p.Plugins = append(p.Plugins, ev.pin(b, p.Dir))
	}
	return ev.diags
}

// pluginLabels checks a kind and a plugin name given as block labels.
func (e *evaluator) pluginLabels(kind, name string, ranges []hcl.Range) bool {
	ok := true
	switch kind {
	case KindAgent, KindController, KindScorer, KindTask:
	default:
		e.report(errorf(ranges[0], "Invalid plugin kind", "%q is not a plugin kind: use agent, controller, scorer or task.", kind))
		ok = false
	}
	return e.pluginName(name, ranges[len(ranges)-1]) && ok
}

// pluginName checks a plugin name written at r.
func (e *evaluator) pluginName(name string, r hcl.Range) bool {
	if pluginNameRE.MatchString(name) {
		return true
	}
	e.report(errorf(r, "Invalid plugin name",
		"%q is not a plugin name: use lowercase letters, digits, '_' and '-', starting with a letter.", name))
	return false
}

// pin decodes one plugin block's attributes.
func (e *evaluator) pin(b *hcl.Block, dir string) PluginPin {
	pin := PluginPin{Kind: b.Labels[0], Name: b.Labels[1], DefRange: b.DefRange, SourceRange: b.DefRange, SHA256Range: b.DefRange,
		TrustRange: b.DefRange}
	content := e.content(b.Body, pinSchema)
	if a := content.Attributes["source"]; a != nil {
		pin.SourceRange = a.Expr.Range()
		if src, ok := e.str(a); ok && src != "" {
			pin.Source = absPath(dir, src)
		}
	}
	if a := content.Attributes["sha256"]; a != nil {
		pin.SHA256Range = a.Expr.Range()
		pin.SHA256, _ = e.str(a)
		pin.SHA256 = strings.ToLower(pin.SHA256)
		if b, err := hex.DecodeString(pin.SHA256); err != nil || len(b) != 32 {
			e.report(errorAt(a.Expr.Range(), "Invalid sha256", "sha256 must be 64 hexadecimal digits (the output of sha256sum)."))
		}
	}
	pin.StartTimeout = e.timeout(content.Attributes[StartTimeoutAttr])
	pin.Workers = e.workers(content.Attributes["workers"])
	pin.Placement, _ = e.enum(content.Attributes["placement"], PlacementMember, PlacementSample)
	pin.Trust, _ = e.enum(content.Attributes["trust"], Trusted, Untrusted)
	if a := content.Attributes["trust"]; a != nil {
		pin.TrustRange = a.Expr.Range()
	}
	e.pinSandbox(&pin, content, dir)
	return pin
}

// Placements of a plugin's workers (PluginPin.Placement).
const (
	PlacementMember = "member"
	PlacementSample = "sample"
)

// MaxWorkers is the most worker processes a plugin block may ask for.
const MaxWorkers = 256

// workers evaluates a plugin block's workers attribute: a whole number
// from 1 to MaxWorkers; 0 when absent or invalid.
func (e *evaluator) workers(a *hcl.Attribute) int {
	if a == nil {
		return 0
	}
	n, ok := e.whole(a, 1)
	if ok && n > MaxWorkers {
		e.report(errorf(a.Expr.Range(), `Invalid value for "workers"`, "workers must be at most %d; got %d.", MaxWorkers, n))
		return 0
	}
	if !ok {
		return 0
	}
	return int(n)
}

// pinSandbox decodes what applies to a sandboxed plugin: read_only and one
// limits block. Setting them on a trusted plugin is a warning: they would
// have no effect.
func (e *evaluator) pinSandbox(pin *PluginPin, content *hcl.BodyContent, dir string) {
	var set []hcl.Range
	if a := content.Attributes["read_only"]; a != nil {
		paths, _ := e.strList(a)
		for _, p := range paths {
			if link, target := readOnlyLink(dir, p); link != "" {
				e.report(errorAt(a.Expr.Range(), "A read_only entry goes through a symbolic link",
					fmt.Sprintf("%s is a symbolic link to %s: the sandbox would show what the link names, which whoever "+
						"made the link chose. List the directory it names itself, if that is the one you mean.", link, target)))
				continue
			}
			pin.ReadOnly = append(pin.ReadOnly, absPath(dir, p))
		}
		set = append(set, a.Range)
	}
	for i, b := range content.Blocks {
		if i > 0 {
			e.report(errorAt(b.DefRange, "Duplicate limits block", "A plugin block takes at most one limits block."))
			continue
		}
		pin.Limits = e.pinLimits(b)
		set = append(set, b.DefRange)
	}
	if pin.Trust == Trusted && len(set) > 0 {
		e.report(&hcl.Diagnostic{Severity: hcl.DiagWarning, Subject: &set[0], Summary: "Sandbox settings on a trusted plugin",
			Detail: `limits and read_only apply only to plugins that run sandboxed; this plugin has trust = "trusted", so they have no effect.`})
	}
}

// readOnlyLink returns the first symbolic link a read_only entry goes
// through and what it names, or "" when there is none: for a path
// relative to the suite, every component below the suite's directory;
// for an absolute one, its last component. A plugin's files (a vendored
// venv, say) are the plugin author's, who could make the directory a user
// lists a link to anything on the host (issue 27). A path that does not
// exist yet is not a link.
func readOnlyLink(dir, path string) (link, target string) {
	check := func(p string) bool {
		info, err := os.Lstat(p)
		if err == nil && info.Mode()&os.ModeSymlink != 0 {
			link = p
			target, _ = os.Readlink(p)
			return true
		}
		return false
	}
	if filepath.IsAbs(path) {
		check(filepath.Clean(path))
		return link, target
	}
	at := dir
	for _, part := range strings.Split(filepath.Clean(path), string(filepath.Separator)) {
		at = filepath.Join(at, part)
		if part == ".." || part == "." {
			continue
		}
		if check(at) {
			return link, target
		}
	}
	return "", ""
}

// absPath resolves a suite-relative path.
func absPath(dir, path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(dir, path)
}
