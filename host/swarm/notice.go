package swarm

import "github.com/swarmhost/swarmhost/sdk/model"

// notice is the user message to add to member's model call at its turn
// boundary, if any: from Spec.NoticeMessage, else Spec.Notice.
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
	return msg, true
}
