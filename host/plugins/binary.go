package plugins

import (
	"fmt"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// Trust levels a [Pin] may carry (the `trust` attribute of a plugin block).
const (
	// Trusted plugins run as plain child processes.
	Trusted = "trusted"
	// Untrusted plugins must run under the isolation launcher (SPEC §13).
	Untrusted = "untrusted"
)

// binaryPrefix starts every plugin binary's file name.
const binaryPrefix = "swarmhost-"

// Pin is a suite's `plugin "<kind>" "<name>" { source, sha256, trust }`
// block, as host/config decodes it. The CLI converts config.PluginPin to it.
type Pin struct {
	Kind string
	Name string
	// Source is the binary's absolute path; "" keeps discovery but still
	// applies SHA256 and Trust to whatever is discovered.
	Source string
	// SHA256 is the expected hex digest of the binary, or "".
	SHA256 string
	// Trust is "", [Trusted] or [Untrusted].
	Trust string
	// Limits bound an untrusted plugin's process (zero fields take
	// isolate.DefaultLimits).
	Limits isolate.Limits
	// ReadOnly are host paths an untrusted plugin may read besides the
	// system's and its own binary (an interpreter's environment, data).
	ReadOnly []string
	// StartTimeout bounds the plugin's start-up, Metadata included (0 keeps
	// [Options].StartTimeout).
	StartTimeout time.Duration
	// Workers is the size of the binary's pool of worker processes (the
	// block's `workers`; 0 keeps the default: see [Workers]).
	Workers int
	// Placement is where the pool puts a sample's members: "" (the same
	// as [PlacementSample]) or [PlacementMember].
	Placement string
}

// Binary is one plugin binary on disk, resolved by [Discover] or [List].
type Binary struct {
	// Kind is hostrpc.KindAgent, hostrpc.KindController or hostrpc.KindScorer.
	Kind string
	// Name is the plugin's name (the HCL label).
	Name string
	// Path is the binary's absolute path.
	Path string
	// SHA256 is the lowercase hex digest computed when the binary was
	// resolved; go-plugin checks it again right before exec.
	SHA256 string
	// Pinned is true when a suite's plugin block chose the binary.
	Pinned bool
	// Trust is the pin's trust level, "" when unpinned or unset (see
	// [WithDefaultTrust]). Untrusted binaries run sandboxed.
	Trust string
	// Limits and ReadOnly come from the pin; they apply to untrusted
	// binaries.
	Limits   isolate.Limits
	ReadOnly []string
	// StartTimeout comes from the pin: it bounds exec to handshake, and
	// the first Metadata call (0 keeps [Options].StartTimeout).
	StartTimeout time.Duration
	// Workers and Placement come from the pin: how many worker processes
	// the binary runs (0 keeps the default; see [Workers]) and where a
	// sample's members go among them (see [Manager.Lease]).
	Workers   int
	Placement string
	// Instance names a separate process of the same binary: the Manager
	// runs one process per (Path, Instance). "" is the shared process (and
	// worker 0 of the binary's pool); a member with isolation = "member"
	// gets an instance of its own, and worker i > 0 is "worker:i".
	Instance string
}

// String names the binary for messages: `scorer plugin "match" (/path)`.
func (b Binary) String() string {
	return fmt.Sprintf("%s plugin %q (%s)", b.Kind, b.Name, b.Path)
}

// BinaryName is the file name a plugin of that kind and name must have.
func BinaryName(kind, name string) string { return binaryPrefix + kind + "-" + name }

// ParseBinaryName splits a file name of the form swarmhost-<kind>-<name>;
// ok is false for any other name.
func ParseBinaryName(file string) (kind, name string, ok bool) {
	rest, found := strings.CutPrefix(file, binaryPrefix)
	if !found {
		return "", "", false
	}
	kind, name, found = strings.Cut(rest, "-")
	if !found || !validKind(kind) || !validName(name) {
		return "", "", false
	}
	return kind, name, true
}

// validKind reports whether kind is a plugin kind (agent, controller, scorer or task).
func validKind(kind string) bool {
	switch kind {
	case hostrpc.KindAgent, hostrpc.KindController, hostrpc.KindScorer, hostrpc.KindTask:
		return true
	}
	return false
}

// validName accepts what a plugin label may be: lowercase letters, digits,
// '_' and '-', starting with a letter (as host/config checks labels).
func validName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}
