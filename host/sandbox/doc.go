// Package sandbox holds the host's sandbox providers (SPEC §13, §5) behind
// one interface, [Provider]: the built-in `local` provider ([Local]: a
// directory per sample and epoch, and per member with per_member) and the
// container providers, in which the host runs members' commands and reads
// and writes their files.
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
// resolve outside it) and kills everything a command started when the
// command ends. It does not stop a command from reaching other paths on the
// host by itself: a member's process can still open any file the host user
// can. Mount, user and pid namespaces, read-only bind mounts for views and
// resource limits arrive with the isolation launcher; until then run
// untrusted agents only in a disposable environment.
package sandbox
