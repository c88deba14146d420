package eval

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestGateViewDefaultsToTheMembersSandbox: inside a member (a gate check) a
// scorer's default sandbox "" is the member's own with per-member
// sandboxes, and the sample's shared one without; after the swarm "" is
// always the shared one.
func TestGateViewDefaultsToTheMembersSandbox(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, perMember := range map[string]bool{"per member": true, "shared": false} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sbs, err := sandbox.NewLocal(t.TempDir()).Sample(ctx, sandbox.SampleSpec{ID: "s", Epoch: 1,
				PerMember: perMember, Members: []string{"a", "b"}})
			require.NoError(t, err)
			t.Cleanup(func() { _ = sbs.Close() })
			require.NoError(t, sbs.For("a").WriteFile(ctx, "own.txt", []byte("a's")))
			s := &sampleRun{sbs: sbs}

			got, err := s.viewFor("a", nil).ReadFile(ctx, "", "own.txt")
			require.NoError(t, err)
			assert.Equal(t, "a's", string(got))
			res, err := s.viewFor("a", nil).Exec(ctx, scorer.ExecRequest{Command: []string{"cat", "own.txt"}})
			require.NoError(t, err)
			assert.Equal(t, "a's", res.Stdout, "exec runs in the member's own view too")
			files, err := s.viewFor("a", nil).ListFiles(ctx, "", ".")
			require.NoError(t, err)
			assert.Contains(t, files, "own.txt")

			_, err = s.viewFor("b", nil).ReadFile(ctx, "", "own.txt")
			after, afterErr := (&scorerView{sbs: sbs}).ReadFile(ctx, "", "own.txt")
			if perMember {
				assert.Error(t, err, "b's default is b's own sandbox")
				assert.Error(t, afterErr, "after the swarm the default is the shared sandbox")
				named, err := s.viewFor("b", nil).ReadFile(ctx, "a", "own.txt")
				require.NoError(t, err, "other sandboxes are still addressed by name, read-only")
				assert.Equal(t, "a's", string(named))
			} else {
				assert.NoError(t, err, "without per_member everyone shares the sample's sandbox")
				assert.NoError(t, afterErr)
				assert.Equal(t, "a's", string(after))
			}
		})
	}
}
