package wire

import (
	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// refusalCauses pairs each refusal cause with its wire value.
var refusalCauses = []struct {
	err  error
	wire pb.ActionRefusal_Cause
}{
	{controller.ErrUnknownMember, pb.ActionRefusal_CAUSE_UNKNOWN_MEMBER},
	{controller.ErrStartedTwice, pb.ActionRefusal_CAUSE_STARTED_TWICE},
	{controller.ErrNotSubmitted, pb.ActionRefusal_CAUSE_NOT_SUBMITTED},
	{controller.ErrChoseTwice, pb.ActionRefusal_CAUSE_CHOSE_TWICE},
}

// RefusalToProto converts a refused action.
func RefusalToProto(e *controller.RefusedError) *pb.ActionRefusal {
	out := &pb.ActionRefusal{Action: ActionsToProto([]controller.Action{e.Action})[0], Message: e.Error(),
		Members: e.Members, State: string(e.State), Status: string(e.Status), Chosen: e.Chosen}
	for _, c := range refusalCauses {
		if c.err == e.Cause {
			out.Cause = c.wire
		}
	}
	return out
}

// RefusalFromProto converts a refused action; its text is rebuilt from
// the fields, as the host built it.
func RefusalFromProto(p *pb.ActionRefusal) *controller.RefusedError {
	out := &controller.RefusedError{Members: p.GetMembers(), State: controller.MemberState(p.GetState()),
		Status: controller.Status(p.GetStatus()), Chosen: p.GetChosen()}
	if p.GetAction() != nil {
		out.Action = ActionsFromProto([]*pb.Action{p.Action})[0]
	}
	for _, c := range refusalCauses {
		if c.wire == p.GetCause() {
			out.Cause = c.err
		}
	}
	return out
}
