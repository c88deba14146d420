package wire

import (
	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// RosterToProto converts a roster.
func RosterToProto(ms []controller.Member) []*pb.RosterMember {
	out := make([]*pb.RosterMember, len(ms))
	for i, m := range ms {
		out[i] = &pb.RosterMember{Name: m.Name, Role: m.Role, Agent: m.Agent, Index: int32(m.Index),
			State: string(m.State), Status: string(m.Status)}
	}
	return out
}

// RosterFromProto converts a roster.
func RosterFromProto(ps []*pb.RosterMember) []controller.Member {
	out := make([]controller.Member, len(ps))
	for i, p := range ps {
		out[i] = controller.Member{Name: p.Name, Role: p.Role, Agent: p.Agent, Index: int(p.Index),
			State: controller.MemberState(p.State), Status: controller.Status(p.Status)}
	}
	return out
}

// ActionsToProto converts actions, the messages in one allocation (a
// controller's Start answers one action per member).
func ActionsToProto(as []controller.Action) []*pb.Action {
	out := make([]*pb.Action, len(as))
	msgs := make([]pb.Action, len(as))
	for i, a := range as {
		m := &msgs[i]
		m.Kind, m.Member, m.Input, m.Reason = pb.Action_Kind(a.Kind), a.Member, a.Input, a.Reason
		out[i] = m
	}
	return out
}

// ActionsFromProto converts actions.
func ActionsFromProto(ps []*pb.Action) []controller.Action {
	out := make([]controller.Action, len(ps))
	for i, p := range ps {
		out[i] = controller.Action{Kind: controller.ActionKind(p.Kind), Member: p.Member, Input: p.Input, Reason: p.Reason}
	}
	return out
}

// EventToProto converts a swarm event.
func EventToProto(e controller.Event) *pb.SwarmEvent {
	return &pb.SwarmEvent{Kind: string(e.Kind), Member: e.Member, Time: e.Time, Answer: e.Answer,
		Gate: &pb.GateVerdict{Checked: e.Gate.Checked, Passed: e.Gate.Passed}, Status: string(e.Status)}
}

// EventFromProto converts a swarm event.
func EventFromProto(p *pb.SwarmEvent) controller.Event {
	if p == nil {
		return controller.Event{}
	}
	return controller.Event{Kind: controller.EventKind(p.Kind), Member: p.Member, Time: p.Time, Answer: p.Answer,
		Gate: controller.Gate{Checked: p.GetGate().GetChecked(), Passed: p.GetGate().GetPassed()}, Status: controller.Status(p.Status)}
}

// SubmissionsToProto converts submissions.
func SubmissionsToProto(ss []controller.Submission) []*pb.Submission {
	out := make([]*pb.Submission, len(ss))
	for i, s := range ss {
		out[i] = &pb.Submission{Member: s.Member, Time: s.Time, Answer: s.Answer,
			Gate: &pb.GateVerdict{Checked: s.Gate.Checked, Passed: s.Gate.Passed}}
	}
	return out
}

// SubmissionsFromProto converts submissions.
func SubmissionsFromProto(ps []*pb.Submission) []controller.Submission {
	out := make([]controller.Submission, len(ps))
	for i, p := range ps {
		out[i] = controller.Submission{Member: p.Member, Time: p.Time, Answer: p.Answer,
			Gate: controller.Gate{Checked: p.GetGate().GetChecked(), Passed: p.GetGate().GetPassed()}}
	}
	return out
}
