package isolate

import (
	"errors"
	"fmt"
	"path/filepath"
)

// SandboxUID and SandboxGID are the host ids a root host runs sandboxed
// programs as (nobody/nogroup on Debian); a non-root host runs them as
// itself.
const (
	SandboxUID = 65534
	SandboxGID = 65534
)

// Spec is what to run in a sandbox. Paths are host paths; each appears at
// the same path inside the sandbox.
type Spec struct {
	// Path is the program: an absolute host path (it is bound read-only into
	// the sandbox) or a path relative to Dir.
	Path string
	// ProgramSource, when set, is the absolute host path of the bytes to
	// run as Path: the file is bound at Path inside the sandbox (so the
	// program still sees itself at Path), or run in its place where there
	// is no mount namespace. [VerifiedCopy] makes such a file.
	ProgramSource string
	// InView says the program lies inside the sandbox's own view (a system
	// directory or one of the spec's paths), as a tool command's must: it
	// is not bound in, gets no Landlock rule of its own, and is resolved
	// by the kernel inside the sandbox, so a name that leads elsewhere on
	// the host finds nothing.
	InView bool
	// Args is argv, Args[0] included; nil means {Path}.
	Args []string
	// Env is the program's whole environment: nothing of the host's is
	// added. The launcher appends [SandboxEnv].
	Env []string
	// Dir is the working directory; "" means /tmp, the private scratch.
	Dir string
	// ReadOnly paths are visible read-only; ReadWrite paths read-write
	// (writable by the sandbox user: see [Launcher.Chown]). Overlay paths
	// appear writable, but writes land in a throw-away layer on the scratch
	// tmpfs and never reach the host (read-only where the kernel refuses
	// overlays).
	ReadOnly, ReadWrite, Overlay []string
	// Tmpfs paths appear as fresh, empty directories the program may write,
	// each a private tmpfs of Limits.ScratchBytes (TierNamespaces): nothing
	// written there reaches the host's disk. Without a mount namespace
	// (TierLandlock) they are the host directories, as ReadWrite.
	Tmpfs []string
	// Network keeps the host's network: no network namespace, and sockets
	// of every family. Off, only AF_UNIX sockets exist.
	Network bool
	// Limits bound the program; zero fields take [DefaultLimits].
	Limits Limits
}

// argv returns the program's arguments.
func (s Spec) argv() []string {
	if len(s.Args) == 0 {
		return []string{s.Path}
	}
	return s.Args
}

// check validates a spec before anything starts.
func (s Spec) check() error {
	if s.Path == "" {
		return errors.New("isolate: empty program path")
	}
	for _, group := range [][]string{s.ReadOnly, s.ReadWrite, s.Overlay, s.Tmpfs, {s.Dir}} {
		for _, p := range group {
			if p != "" && !filepath.IsAbs(p) {
				return fmt.Errorf("isolate: path %q must be absolute", p)
			}
		}
	}
	return nil
}

// Limits are the rlimits of a sandboxed program, each set with hard =
// soft (the Go runtime raises a soft NOFILE to the hard one). Zero fields
// take the value of [DefaultLimits]; there is no "unlimited".
type Limits struct {
	// MemoryBytes is RLIMIT_DATA: heap and anonymous mappings per process
	// (RLIMIT_AS would stop a Go program from starting at all); by default
	// also the sandbox's total (TotalMemoryBytes).
	MemoryBytes int64 `json:"memory_bytes,omitempty"`
	// CPUSeconds is RLIMIT_CPU: CPU time per process; the kernel SIGKILLs at
	// the hard limit.
	CPUSeconds int64 `json:"cpu_seconds,omitempty"`
	// Processes is RLIMIT_NPROC: processes and threads of the sandbox user
	// in its user namespace (not enforced for uid 0 in the host namespace);
	// and the tasks of all the sandbox's processes together, checked by the
	// init like MemoryBytes.
	Processes int64 `json:"processes,omitempty"`
	// OpenFiles is RLIMIT_NOFILE.
	OpenFiles int64 `json:"open_files,omitempty"`
	// FileBytes is RLIMIT_FSIZE: the largest file the program may write.
	FileBytes int64 `json:"file_bytes,omitempty"`
	// TotalMemoryBytes bounds the anonymous memory of all the sandbox's
	// processes together, which the init checks every 50 ms (see
	// watchdog_linux.go); 0 takes MemoryBytes.
	TotalMemoryBytes int64 `json:"total_memory_bytes,omitempty"`
	// ScratchBytes sizes the private tmpfs at /tmp (TierNamespaces).
	ScratchBytes int64 `json:"scratch_bytes,omitempty"`
}

// DefaultLimits are the limits of a field left zero: generous for one
// plugin process serving a whole run, tight enough that a runaway cannot
// take the machine down.
var DefaultLimits = Limits{
	MemoryBytes:  4 << 30,
	CPUSeconds:   4 * 60 * 60,
	Processes:    512,
	OpenFiles:    4096,
	FileBytes:    4 << 30,
	ScratchBytes: 512 << 20,
}

// WithDefaults fills zero (or negative) fields from d.
func (l Limits) WithDefaults(d Limits) Limits {
	pick := func(v, def int64) int64 {
		if v <= 0 {
			return def
		}
		return v
	}
	return Limits{
		MemoryBytes:  pick(l.MemoryBytes, d.MemoryBytes),
		CPUSeconds:   pick(l.CPUSeconds, d.CPUSeconds),
		Processes:    pick(l.Processes, d.Processes),
		OpenFiles:    pick(l.OpenFiles, d.OpenFiles),
		FileBytes:    pick(l.FileBytes, d.FileBytes),
		ScratchBytes: pick(l.ScratchBytes, d.ScratchBytes),
		TotalMemoryBytes: pick(l.TotalMemoryBytes, pick(d.TotalMemoryBytes,
			pick(l.MemoryBytes, d.MemoryBytes))),
	}
}
