package docker

import (
	"context"
	"errors"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
)

// flakyCommitter fails its first fails commits with err, then commits.
type flakyCommitter struct {
	fails, calls int
	err          error
}

func (f *flakyCommitter) ContainerCommit(context.Context, string, container.CommitOptions) (container.CommitResponse, error) {
	f.calls++
	if f.calls <= f.fails {
		return container.CommitResponse{}, f.err
	}
	return container.CommitResponse{ID: "sha256:img"}, nil
}

// TestCommitAsksAgainOnlyForPodmansLayerRace: podman's "layer not known"
// (a commit racing an image's removal; the real engine cannot be made to
// race on demand, so the engine's answers are scripted here) is asked
// again, at most commitAttempts times; any other error is returned at once.
func TestCommitAsksAgainOnlyForPodmansLayerRace(t *testing.T) {
	t.Parallel()
	layer := errors.New(`Error response from daemon: CommitFailure: copying layers and metadata for container "x": ` +
		`committing the finished image: creating image "y": layer not known`)
	other := errors.New("Error response from daemon: no such container")
	tests := map[string]struct {
		fails     int
		err       error
		wantCalls int
		wantErr   error
	}{
		"no error":                           {fails: 0, err: layer, wantCalls: 1},
		"layer race once":                    {fails: 1, err: layer, wantCalls: 2},
		"layer race on every attempt":        {fails: commitAttempts, err: layer, wantCalls: commitAttempts, wantErr: layer},
		"another error is not asked again":   {fails: 1, err: other, wantCalls: 1, wantErr: other},
		"layer race just under the attempts": {fails: commitAttempts - 1, err: layer, wantCalls: commitAttempts},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := &flakyCommitter{fails: tc.fails, err: tc.err}
			res, err := commit(context.Background(), f, "c")
			assert.Equal(t, tc.wantCalls, f.calls)
			if tc.wantErr != nil {
				assert.ErrorIs(t, err, tc.wantErr)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, "sha256:img", res.ID)
		})
	}
}
