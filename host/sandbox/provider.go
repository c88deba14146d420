package sandbox

import "context"

// Provider makes the sandboxes of each sample × epoch of a run. The local
// provider ([Local]) makes directories on the host; the docker provider
// (host/sandbox/docker) makes containers through the Docker Engine API, and
// the kubernetes provider (host/sandbox/kubernetes) a pod per sample. A
// provider is safe for concurrent use: samples run in parallel.
type Provider interface {
	// Sample creates the sandboxes spec describes, writes the sample's files
	// into each and runs its setup in each. On error nothing of the sample
	// is left behind. The caller must Close the result.
	Sample(ctx context.Context, spec SampleSpec) (Set, error)
	// Close ends the run: it removes whatever the provider still holds (a
	// sample not closed, the engine connection). It is safe to call twice.
	Close() error
}

// Set is the sandboxes of one sample × epoch. Its methods are safe for
// concurrent use.
type Set interface {
	// For returns the sandbox member works in: the shared one when members
	// share the sample's sandbox, else the member's own; nil for a name
	// not on the roster.
	For(member string) Env
	// Named returns the sandbox with the given name, as written in the
	// result record's `sandbox` field: "" is the sample's default one, a
	// member's name its own, and a service's name (a compose service that
	// is no member's) that service.
	Named(name string) (Env, error)
	// Names returns every sandbox name: "" first, then each member's own in
	// roster order, then the services in their declared order.
	Names() []string
	// Close removes every sandbox of the sample. It is safe to call twice.
	Close() error
}

// Env is one sandbox environment (Inspect's SandboxEnvironment): a
// member's tool calls run in it. Paths are
// relative to its working directory (the local directory, a container's
// working dir) or absolute inside it. Methods are safe for concurrent use.
type Env interface {
	// Name is "" for the sample's default sandbox, else the member's or
	// service's name.
	Name() string
	// Exec runs req: stdin, stdout and stderr apart, each output capped at
	// [MaxOutput], the request's timeout a result (TimedOut), not an error;
	// nothing the command started outlives the call. The error is non-nil
	// only when the command could not run or ctx ended.
	Exec(ctx context.Context, req ExecRequest) (ExecResult, error)
	// ReadFile returns a file's content byte for byte; over [MaxReadFile]
	// is an error.
	ReadFile(ctx context.Context, path string) ([]byte, error)
	// WriteFile writes content to path, creating its parent directories.
	WriteFile(ctx context.Context, path string, content []byte) error
	// ListFiles returns every file under dir, recursively, as sorted
	// slash-separated paths that ReadFile accepts; "" lists the sandbox.
	ListFiles(ctx context.Context, dir string) ([]string, error)
	// View returns the sandbox as a scorer sees it: read-only.
	View() EnvView
}

// EnvView is a scorer's read-only window on a sandbox (SPEC §13): it reads
// files and runs commands so that their writes never reach the member's
// files. host/eval hands views, never sandboxes, to scorers.
type EnvView interface {
	// Name is the name of the sandbox seen.
	Name() string
	// Exec runs req as [Env.Exec] would, but nothing it does reaches
	// the sandbox.
	Exec(ctx context.Context, req ExecRequest) (ExecResult, error)
	// ReadFile reads a file of the sandbox.
	ReadFile(ctx context.Context, path string) ([]byte, error)
	// ListFiles lists files of the sandbox.
	ListFiles(ctx context.Context, dir string) ([]string, error)
}

// Every local type implements its interface.
var (
	_ Provider = (*Local)(nil)
	_ Set      = (*SampleSandboxes)(nil)
	_ Env      = (*Sandbox)(nil)
	_ EnvView  = (*View)(nil)
)
