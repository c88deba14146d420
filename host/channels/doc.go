// Package channels is the host side of a swarm's channels (SPEC §7): the
// message bus, the "messages" channel's tools, notices and waits, the
// "filesystem" channel's instructions, and the evidence they leave (SPEC §8).
//
// Every channel write is one record handed to [Bus.Send], the single place
// where a send is resolved, checked, evidenced and applied, all under one
// lock: two concurrent sends can never both pass a one-slot check, and every
// accepted record has exactly one "sent" and one "delivered" event. The
// sender is never an argument a member controls: [Bus.Tools] binds it when
// the host builds a member's tool set.
//
// The bus watches the runtime through [swarm.Observer] (member states, the
// stop) and gives notices through [Bus.Notice], which the runtime calls at a
// member's turn boundary. Its evidence ([Bus.Evidence]) is neutral
// [swarm.Event]s of kind "info" that the eval layer merges into the log.
//
// The "shared_memory" channel, a board of files, is package
// host/channels/board, which builds on this package's rate, clock, problems
// and evidence kinds; this package does not import it, and a sample uses the
// board through the narrow [Board] interface.
package channels
