package swarm

import (
	"github.com/swarmhost/swarmhost/host/internal/shortid"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// notice is the user message to add to member's model call at its turn
// boundary, if any: from Spec.NoticeMessage, else Spec.Notice; it gets an
// id unless the hook gave it one.
func (r *runtime) notice(member string) (model.Message, bool) {
	var msg model.Message
	switch {
	case r.spec.NoticeMessage != nil:
		msg = r.spec.NoticeMessage(member)
	case r.spec.Notice != nil:
		msg.Content = r.spec.Notice(member)
	}
	if msg.Content == "" {
		return msg, false
	}
	msg.Role, msg.Source = model.RoleUser, "input"
	if msg.ID == "" {
		msg.ID = shortid.New()
	}
	return msg, true
}
