package eval

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// A sample the log could not take makes the eval an error naming it, even
// when every sample ran fine: the log must never silently lack a sample.
func TestStatusNamesUnwrittenSamples(t *testing.T) {
	t.Parallel()
	r := &evalRun{}
	cases := map[string]struct {
		results []sampleResult
		status  string
		message string
	}{
		"all written": {results: []sampleResult{{}, {}}, status: evallog.StatusSuccess},
		"one unwritten": {results: []sampleResult{{}, {unwritten: "sample 2 epoch 1 was not written to the log: disk full"}},
			status: evallog.StatusError, message: "1 of 2 samples are missing from the log: sample 2 epoch 1 was not written to the log: disk full"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			status, e := r.status(context.Background(), tc.results)
			assert.Equal(t, tc.status, status)
			if tc.message == "" {
				assert.Nil(t, e)
				return
			}
			require.NotNil(t, e)
			assert.Equal(t, tc.message, e.Message)
		})
	}
}
