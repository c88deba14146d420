package wire_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// TestRefusalRoundTrip: a refusal crosses the wire with its cause (still
// errors.Is) and the host's text.
func TestRefusalRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   *controller.RefusedError
		text string
	}{
		"unknown start": {in: &controller.RefusedError{Action: controller.Start("ghost", "hi"), Cause: controller.ErrUnknownMember,
			Members: []string{"a", "b"}}, text: `started "ghost": no member has this name; the members are a, b`},
		"unknown choice": {in: &controller.RefusedError{Action: controller.ChooseAnswer("ghost", "best"), Cause: controller.ErrUnknownMember,
			Members: []string{"a"}}, text: `chose "ghost": no member has this name; the members are a`},
		"started twice": {in: &controller.RefusedError{Action: controller.Start("a", ""), Cause: controller.ErrStartedTwice,
			State: controller.StateRunning}, text: `started "a" again: the member has already started (state running), and a member runs once`},
		"not submitted": {in: &controller.RefusedError{Action: controller.ChooseAnswer("b", ""), Cause: controller.ErrNotSubmitted,
			State: controller.StateEnded, Status: controller.StatusErrored},
			text: `chose "b": the member has not ended with a submission (state ended, status errored); only a submission can be the answer`},
		"chose twice": {in: &controller.RefusedError{Action: controller.ChooseAnswer("b", ""), Cause: controller.ErrChoseTwice, Chosen: "a"},
			text: `chose "b": the controller has already chosen "a", and it chooses once`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := overWire(t, wire.RefusalToProto(tc.in))
			assert.Equal(t, tc.text, p.Message, "the host's text travels too")
			got := wire.RefusalFromProto(p)
			if d := cmp.Diff(*tc.in, *got, cmpopts.EquateEmpty(), cmpopts.EquateErrors()); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
			assert.EqualError(t, got, tc.text)
			assert.True(t, errors.Is(got, tc.in.Cause), "the cause survives for errors.Is")
		})
	}
}
