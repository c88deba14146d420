package channels

import "github.com/swarmhost/swarmhost/host/swarm"

// Board is what a sample needs of its "shared_memory" channel, a board of
// files (package host/channels/board implements it; this package does not
// import it): it watches the runtime, gives each member its tools and, at a
// turn boundary, a notice of what changed with the notice's message id, and
// leaves evidence, in order.
type Board interface {
	swarm.Observer
	// Tools returns member's tools, the member bound by the host.
	Tools(member string) swarm.Tools
	// NoticeMessage is member's notice at its turn boundary ("" for none)
	// and the id of the message that carries it.
	NoticeMessage(member string) (text, id string)
	// Evidence is the board's evidence so far, in order.
	Evidence() swarm.Events
}
