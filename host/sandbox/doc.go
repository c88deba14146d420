// Package sandbox is the host's sandbox interface (SPEC §13, §5),
// [Provider], and its built-in `local` provider ([Local]: a directory per
// sample and epoch, and per member with per_member), in which the host runs
// members' commands and reads and writes their files.
//
// The container providers are packages of their own that implement the same
// interface: host/sandbox/docker (containers through the Docker Engine API)
// and host/sandbox/kubernetes (a pod per sample), over what
// host/sandbox/engine gives both (the plan of a sample's sandboxes from a
// compose project read by host/sandbox/compose, the exec wrapper, the owner
// of what a run leaves behind). host/eval registers them by the type of a
// task's `sandbox` block; this package does not import them.
//
// Lifecycle, driven by host/eval and host/swarm for each sample × epoch:
//
//  1. One [Provider] per run ([NewLocal] on a temp dir the host owns).
//  2. [Provider.Sample] creates the sample's sandboxes ([Set]), writes the
//     sample's files into each, runs its setup script in each, and lays out
//     the filesystem channel (notes file, scratch dirs) in the shared one.
//  3. During the swarm, [Set.For] gives each member its sandbox ([Env]); the
//     host runs the member's tool calls with [Env.Exec], [Env.ReadFile],
//     [Env.WriteFile] and [Env.ListFiles].
//  4. After the swarm has drained, scorers reach sandboxes by name through
//     [Set.Named] and see them only as a read-only [EnvView].
//  5. [Set.Close] removes every sandbox of the sample; [Provider.Close]
//     whatever the run still holds.
//
// A Set may also hold services: sandboxes that are no member's, listed by
// [Set.Names] after the members' own. The comparator pattern is one: a
// service that sees each member's working directory read-only at
// /answers/<member>, in which a scorer checks every answer at once.
//
// The rest of this comment describes the local provider.
// Layout under the root, for sample id S and epoch E:
//
//	S-eE/shared/                          the shared sandbox (name "")
//	S-eE/shared/.swarm/notes.md           the append-only notes file
//	S-eE/shared/.swarm/scratch/<member>/  a scratch dir per member
//	S-eE/members/<member>/                a member's own sandbox (per_member)
//	S-eE/views/                           throw-away copies for views
//
// Isolation: the local provider confines file operations to a sandbox
// directory (no absolute paths outside it, no `..` escapes, no symlinks that
// resolve outside it) and runs every command under the machine's isolation
// launcher (host/isolate): on the namespaces tier a command sees only its
// sandbox's directories (a view's through an overlay, so its writes never
// reach the member's files) and the system directories, reaches no network
// unless the sample allows it, and is bounded by [ToolLimits]; the commands
// of one sandbox share a long-lived cell ([isolate.Cell]) instead of new
// namespaces per call. Everything a command started dies when it ends. A
// machine with no isolation tier runs commands as plain process groups,
// confined only by their working directory, and says so once in a warning:
// run untrusted agents there only in a disposable environment.
package sandbox
