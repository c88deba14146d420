// Package isolate is the sandbox launcher of SPEC §13: it starts a program
// (an untrusted plugin, or a command an agent runs in its sandbox) so that
// it sees only the paths it needs, reaches no network, cannot regain
// privileges, is bounded in memory, CPU, processes, open files and file
// size, and dies together with everything it started.
//
// The host re-executes itself as a tiny init: `<swarmhost> __sandbox_init__`
// (see [InitArg]). Any binary that links this package acts as that init when
// started with the marker and the launcher's environment, including `go
// test` binaries, so tests sandbox what they start exactly as the product
// does; cmd/swarmhost calls [MaybeRunInit] explicitly before the CLI.
// When `make build` has put [InitProgram] (cmd/swarmhost-sandbox, which
// links only this package) beside the host binary, and it is safe to run
// and speaks the launcher's protocol, the launcher starts that instead:
// the same init, without first initialising every package the host links.
//
// Lifecycle:
//
//  1. [Detect] probes the kernel once per process (really starting a
//     namespaced child, asking for the Landlock ABI and seccomp) and picks
//     the strongest [Tier]; the host logs it ([Launcher.Describe]).
//  2. The caller describes what to run as a [Spec]: program, arguments,
//     environment, working directory, read-only, read-write and overlay
//     paths, network, [Limits].
//  3. [Launcher.Command] turns it into an *exec.Cmd of the init (policy in
//     its environment), [Launcher.Runner] into a go-plugin runner.
//     [Start] starts a command from a dedicated OS thread that never exits,
//     so the parent-death signal never fires early.
//  4. The init, in order: makes the mount tree private, mounts a tmpfs root
//     and a scratch tmpfs at /tmp, binds system directories, the program and
//     the spec's paths at their host paths, mounts /dev nodes and a fresh
//     /proc, pivots into the new root and remounts it read-only; then sets
//     the rlimits (hard = soft), applies Landlock, loads the seccomp filter
//     and drops every capability (bounding set, ambient, securebits,
//     no-new-privs); then forks the program as an unprivileged user, with a
//     clean environment and stdin on /dev/null, and stays as pid 1, reaping,
//     until the program exits. Its exit ends the pid namespace: everything
//     the program started is killed with it.
//  5. Killing the init (SIGKILL to its process group while it is held:
//     [Held]) kills the whole tree; the init also dies with the host
//     (parent-death signal). While the program runs, the init bounds the
//     sandbox as a whole (watchdog_linux.go): the anonymous memory and the
//     tasks of all its processes, checked every 50 ms, past which it kills
//     everything in it.
//
// Tiers (../shared/notes/sandboxing.md §10):
//
//   - [TierNamespaces]: new user, mount, pid, net (unless the spec enables
//     the network), ipc, uts and cgroup namespaces, a minimal pivoted root,
//     plus Landlock when the kernel has it, seccomp, rlimits and the
//     capability drop. Needs working user namespaces and seccomp.
//   - [TierLandlock]: no namespaces; Landlock confines the file system (and
//     TCP on ABI ≥ 4), seccomp allows only AF_UNIX sockets and denies
//     setsid/setpgid so the process group holds every descendant, rlimits,
//     capabilities dropped. Known gaps: the host's /proc and hostname are
//     visible, chmod/stat on visible files, a SIGKILLed host leaves
//     grandchildren, and NPROC is not enforced for a root host.
//   - [TierNone]: neither user namespaces nor Landlock with seccomp. Untrusted
//     plugins are refused; agent commands run as plain process groups with a
//     loud warning.
//
// Users and files: when the host runs as root the init is root of its user
// namespace mapped to host root (so it can reach the paths it binds), and
// the program runs as uid 1 there, mapped to the unprivileged host user
// [SandboxUID] (nobody): RLIMIT_NPROC then applies, the program cannot
// signal or trace its init, and host files it has no permission for stay
// closed. Writable paths must be writable by that user: [Launcher.Chown] hands a
// directory to it. A host running as an ordinary user maps itself.
package isolate
