package logconv

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestLogScoreAnswer: an answer the scorer gave is written, the empty one
// too (Inspect's match writes ""); no answer is left out, which Inspect
// reads as null. Resuming reads each back as it was.
func TestLogScoreAnswer(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		answer *string
		want   string
	}{
		"text":      {answer: scorer.Text("42"), want: `{"value":"C","answer":"42","history":[]}`},
		"empty":     {answer: scorer.Text(""), want: `{"value":"C","answer":"","history":[]}`},
		"no answer": {answer: nil, want: `{"value":"C","history":[]}`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ls := Score(scorer.Score{Value: scorer.Correct, Answer: tc.answer})
			b, err := json.Marshal(ls)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(b))
			var back evallog.Score
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, tc.answer, ScoreFromLog(map[string]evallog.Score{"s": back}, "s").Answer)
		})
	}
}
