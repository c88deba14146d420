package swarm

import (
	"github.com/swarmhost/swarmhost/host/internal/shortid"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// notice is member's notice at its turn boundary, if any: a user message
// from Spec.NoticeMessage, else Spec.Notice, with no source (as Inspect
// Swarm's notice has none: it is neither input nor generated); it gets an
// id unless the hook gave it one. The member keeps it in its conversation.
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
	msg.Role, msg.Source = model.RoleUser, ""
	if msg.ID == "" {
		msg.ID = shortid.New()
	}
	return msg, true
}
