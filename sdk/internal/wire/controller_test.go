package wire_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

func TestRosterRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string][]controller.Member{
		"empty": nil,
		"members": {
			{Name: "solver-1", Agent: "react", Index: 1, State: controller.StateEnded, Status: controller.StatusSubmitted},
			{Name: "critic", Role: "critic", Agent: "scripted", Index: 1, State: controller.StatePending},
		},
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if d := cmp.Diff(in, wire.RosterFromProto(allOverWire(t, wire.RosterToProto(in))), cmpopts.EquateEmpty()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
}

func TestActionsRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in    []controller.Action
		kinds []pb.Action_Kind
	}{
		"none":  {},
		"start": {in: []controller.Action{controller.Start("a", ""), controller.Start("b", "try harder")}, kinds: []pb.Action_Kind{pb.Action_KIND_START, pb.Action_KIND_START}},
		"stop":  {in: []controller.Action{controller.Stop("submission")}, kinds: []pb.Action_Kind{pb.Action_KIND_STOP}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := wire.ActionsToProto(tc.in)
			for i, k := range tc.kinds {
				assert.Equal(t, k, p[i].Kind)
			}
			if d := cmp.Diff(tc.in, wire.ActionsFromProto(allOverWire(t, p)), cmpopts.EquateEmpty()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
}

func TestEventRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]controller.Event{
		"zero":    {},
		"started": {Kind: controller.EventMemberStarted, Member: "a", Time: 0.25},
		"submission": {Kind: controller.EventSubmission, Member: "a", Time: 12.5, Answer: "42",
			Gate: controller.Gate{Checked: true, Passed: true}},
		"ended": {Kind: controller.EventMemberEnded, Member: "a", Time: 13, Status: "member_limit:token"},
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if d := cmp.Diff(in, wire.EventFromProto(overWire(t, wire.EventToProto(in)))); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
	assert.Equal(t, controller.Event{}, wire.EventFromProto(nil))
	assert.Equal(t, controller.Event{Kind: "x"}, wire.EventFromProto(&pb.SwarmEvent{Kind: "x"}), "no gate is the zero gate")
}

func TestSubmissionsRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string][]controller.Submission{
		"none": nil,
		"some": {
			{Member: "a", Time: 1.5, Answer: "41", Gate: controller.Gate{Checked: true}},
			{Member: "b", Time: 2, Answer: "42", Gate: controller.Gate{Checked: true, Passed: true}},
			{Member: "c", Time: 3, Answer: "43"},
		},
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := wire.SubmissionsFromProto(allOverWire(t, wire.SubmissionsToProto(in)))
			if d := cmp.Diff(in, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
	assert.Equal(t, []controller.Submission{{Member: "x"}}, wire.SubmissionsFromProto([]*pb.Submission{{Member: "x"}}))
}
