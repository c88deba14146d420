// Package plugins is the only host package that touches go-plugin: it finds
// plugin binaries, checks them, launches them, hands the rest of the host
// the SDK's Go interfaces, and makes sure no plugin process outlives the run.
// The protocol itself (the go-plugin set, the kinds' clients, the host
// services plugins call back) is the host's half of the SDK, reached through
// the module sdk/hostrpc, which no other host package imports: the rest of
// the host gets plain Go types from here ([Controller], [WithEnd],
// [WithEvents], [ScorerReads]). Package catalog (host/plugins/catalog) builds
// on this one for a suite: it resolves the suite's plugin names, applies its
// lock file, and relaunches a plugin whose process crashed.
//
// Lifecycle, in order:
//
//  1. [SearchDirs] builds the ordered search path: $SWARMHOST_PLUGIN_PATH
//     (colon-separated), a `plugins` directory beside the suite, then the
//     directory of the swarmhost executable (SPEC §2).
//  2. [Discover] resolves one plugin (kind and name) to a [Binary]: a
//     suite's `plugin` block ([Pin]) wins over the search path; otherwise the
//     first executable named swarmhost-<kind>-<name> wins. The binary's
//     SHA-256 is computed and, when the pin gives one, compared: a mismatch
//     is a [*ChecksumError] and nothing is run. [List] does the same for
//     every binary on the path (`swarmhost plugins`).
//  3. [NewManager] makes the run's [Manager]. [Manager.Start] launches one
//     process per binary path per run, however many members, samples and
//     kinds it serves; concurrent callers share it. The host, not go-plugin,
//     starts the process (a runner: hostRunner for trusted binaries,
//     host/isolate's for untrusted ones), so it decides which bytes run
//     (what was hashed: see [startVerified] and isolate.VerifiedCopy),
//     which address is dialled (only a unix socket inside the plugin's own
//     socket directory: isolate.PluginSockets) and whom a kill reaches (a
//     held process: isolate.Held). Start-up failures are
//     [*StartError]s that say what went wrong in the user's terms (junk on
//     stdout, a protocol version mismatch, an early exit with the last lines
//     of stderr, no handshake in time, a Metadata method that never returns)
//     under a [StartCause] whose [StartError.Summary] host/config shows.
//     The start timeout ([Options.StartTimeout], or the pin's
//     [Binary.StartTimeout]) bounds exec to handshake and, again, the first
//     Metadata call.
//  4. [Manager.Info] fetches a kind's metadata (names, versions, schemas)
//     once per run; [Manager.Agent], [Manager.Controller] and
//     [Manager.Scorer] dispense the kind's client lazily, after checking the
//     binary really serves that kind and name.
//  5. While the run goes on, [Manager.Crashed] (or [Process.Done]) tells the
//     runtime that a process died, so it can mark the members it served
//     errored; [Process.Err] says why, with the last lines of its stderr.
//  6. [Manager.Close] stops every process: go-plugin's graceful Kill, bounded
//     by [Options.KillTimeout], then SIGKILL to the plugin's whole process
//     group (or sandbox) through its runner, which signals only while it
//     holds the process: a pidfd, and the group only while its leader is
//     unreaped. [KillAll] does that for every live Manager and is what the
//     CLI calls on Ctrl-C.
//
// Containment: each plugin runs in its own process group (so its children
// are killed with it) with a parent-death signal of SIGKILL (so it dies if
// the host dies, even by SIGKILL; Linux only). The SDK's Serve also exits
// when it is re-parented. Plugins log hclog JSON on stderr; the host prints
// each line at its own level under the logger name plugin.<kind>.<name>.
// Output a plugin writes to stdout or stderr outside its logger after the
// handshake is logged as a warning under the same name. All of it is capped
// ([MaxOutputLine] per line, [MaxOutputStream] per stream and process),
// cuts noted, so a flooding plugin costs the host bounded memory and log.
//
// Decisions taken where the specification is silent:
//
//   - a process is named after the Binary that first started it; a binary
//     reached under several kinds or names still runs once per path;
//   - a failed start is remembered for the rest of the run (go-plugin cannot
//     restart a client), so every caller sees the same error;
//   - trust goes by identity: a binary is trusted by default only when the
//     trust manifest beside swarmhost lists its name and exact digest
//     ([DefaultTrust]); untrusted binaries ([Binary.Trust] = [Untrusted]) run under host/isolate's launcher through go-plugin's
//     runner hook: their own namespaces, a minimal read-only root, no
//     network, seccomp, Landlock, rlimits ([Binary.Limits]), no capability,
//     and a pid namespace that dies with them and with the host. When the
//     machine offers no sandbox they are refused, never run unisolated;
//   - a trusted plugin's grandchildren survive a SIGKILL of the host itself
//     (only the plugin gets the parent-death signal); mark a plugin that
//     spawns processes untrusted to get the pid namespace.
package plugins
