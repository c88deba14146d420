package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

func TestChoose(t *testing.T) {
	t.Parallel()
	sub := func(member string, at float64, g controller.Gate) controller.Submission {
		return controller.Submission{Member: member, Time: at, Answer: member + " says", Gate: g}
	}
	tests := map[string]struct {
		config      string
		submissions []controller.Submission
		// running leaves the experts pending: the outcome is not settled
		running bool
		want    controller.ChooseResponse
	}{
		"no submission: no choice": {},
		"first passed chooses at once": {submissions: []controller.Submission{sub("cheap", 1, passed)}, running: true,
			want: controller.ChooseResponse{Member: "cheap", Reason: ReasonFirstPassed}},
		"escalated but not settled: no choice yet": {running: true,
			submissions: []controller.Submission{sub("cheap", 1, failed), sub("expert-2", 3, failed)}},
		"first passed": {submissions: []controller.Submission{sub("cheap", 1, passed)},
			want: controller.ChooseResponse{Member: "cheap", Reason: ReasonFirstPassed}},
		"first unchecked counts as passed": {submissions: []controller.Submission{sub("cheap", 1, unchecked)},
			want: controller.ChooseResponse{Member: "cheap", Reason: ReasonFirstPassed}},
		"first failed and no escalated submission yet": {submissions: []controller.Submission{sub("cheap", 1, failed)},
			want: controller.ChooseResponse{Member: "cheap", Reason: ReasonFirstOnly}},
		"first unchecked with require_gate is only a fallback": {
			config:      `{"first": "cheap", "final": "first", "require_gate": true}`,
			submissions: []controller.Submission{sub("cheap", 1, unchecked)},
			want:        controller.ChooseResponse{Member: "cheap", Reason: ReasonFirstOnly}},
		"escalated: the earliest escalated submission, not the failed first": {
			submissions: []controller.Submission{sub("cheap", 1, failed), sub("expert-2", 3, failed), sub("expert-1", 5, passed)},
			want:        controller.ChooseResponse{Member: "expert-2", Reason: ReasonEscalatedFirst}},
		"escalated with final last": {
			config:      `{"first": "cheap", "final": "last"}`,
			submissions: []controller.Submission{sub("cheap", 1, failed), sub("expert-2", 3, failed), sub("expert-1", 5, passed)},
			want:        controller.ChooseResponse{Member: "expert-1", Reason: ReasonEscalatedLast}},
		"first errored: only escalated submissions": {
			submissions: []controller.Submission{sub("expert-1", 4, unchecked)},
			want:        controller.ChooseResponse{Member: "expert-1", Reason: ReasonEscalatedFirst}},
		"equal times go to roster order under first": {
			submissions: []controller.Submission{sub("expert-2", 3, failed), sub("expert-1", 3, failed)},
			want:        controller.ChooseResponse{Member: "expert-1", Reason: ReasonEscalatedFirst}},
		"equal times go to roster order under last": {
			config:      `{"first": "cheap", "final": "last"}`,
			submissions: []controller.Submission{sub("expert-1", 2, failed), sub("expert-2", 3, failed), sub("expert-1", 3, failed)},
			want:        controller.ChooseResponse{Member: "expert-1", Reason: ReasonEscalatedLast}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.config
			if cfg == "" {
				cfg = cheapFirst
			}
			c := started(t, cfg)
			r := append([]controller.Member(nil), roster...)
			for i := range r {
				if !tc.running || i == 0 {
					r[i].State = controller.StateEnded
				}
			}
			var resp controller.ChooseResponse
			err := c.Choose(context.Background(), controller.ChooseRequest{Session: "s1", Config: config(cfg),
				Submissions: tc.submissions, Roster: r}, &resp)
			require.NoError(t, err)
			assert.Equal(t, tc.want, resp)
		})
	}
}
