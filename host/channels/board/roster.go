package board

import (
	"fmt"
	"regexp"

	"github.com/swarmhost/swarmhost/host/channels"
)

// boardName is the grammar of a member name on a swarm with the
// shared_memory channel, as inspect-swarm 0.1.0 requires it: names stand
// as they are in fence attributes (writer="…"), listings, notices and wait
// lines, so they hold no quote, angle bracket, space or capital.
var boardName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,47}$`)

// CheckMember reports a roster name the shared_memory channel cannot
// use, as a problem for the member's name; nil when the name fits.
// host/cli calls it for every member of a swarm with the channel, and
// host/eval before it builds a board.
func CheckMember(name string) *channels.Problem {
	if boardName.MatchString(name) {
		return nil
	}
	return &channels.Problem{Param: "name", Summary: "Member name unusable on the shared_memory channel",
		Detail: fmt.Sprintf("The shared_memory channel cannot use the member name %q: names must start with a "+
			"lowercase letter, followed by at most 47 lowercase letters, digits, _ or -. Give the member such a "+
			"name with name = \"...\".", name)}
}
