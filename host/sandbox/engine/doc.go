// Package engine is what the container sandbox providers
// (host/sandbox/docker, host/sandbox/kubernetes) share, so that both make
// a sample's sandboxes alike:
//
//   - [Plan] maps a compose project (host/sandbox/compose) to a sample's
//     sandboxes: the default one, each member's own ([OwnSandboxes]), then
//     every other service by name; [PrepareEnvs] writes the sample's files
//     (with the filesystem channel's layout in the default sandbox) and runs
//     its setup in each, at once.
//   - [ExecWrapper] runs a command in a container so that nothing it started
//     outlives it; [GroupSniffer] reads the process group it reports.
//   - [OwnerLabel] names this host process as the owner of what a run makes,
//     and [OwnerGone] tells a killed host's leftovers, which the providers
//     sweep.
//   - [OpenSets] are the samples a provider's Close still closes.
//   - [ListWithFind], [ProjectName], [RandomID], [DefaultWorkdir] and
//     [Timeout] are the small rules both follow.
//
// Package enginetest holds the tests both providers run alike.
package engine
