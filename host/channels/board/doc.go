// Package board is the host side of the "shared_memory" channel (SPEC §7):
// one sample's board of files under [Root] that every member of a swarm
// reads and writes with the shared_memory tool, the swarm_wait tool that
// waits for another member's change, the notices that name changed files at
// a member's turn boundary, and the evidence each of these leaves (SPEC §8).
//
// A [Board] is built per sample by [New] from a [Config] ([ParseConfig]
// reads a `channel "shared_memory"` block). It watches the runtime as a
// swarm.Observer, gives each member its tools through [Board.Tools] (the
// member is bound by the host, never an argument), and its evidence through
// [Board.Evidence]: swarm.Events of kind "info" whose payloads are [Sent],
// [Delivered], [Read], [Notified] and [Waited].
//
// The board shares the messages channel's vocabulary from package channels
// (its rate, clock, problems, evidence kinds and spans); package channels
// knows the board only as the channels.Board interface, through which
// host/eval's sample uses it once [New] has built it.
package board
