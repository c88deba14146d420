package eval

import (
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// TestMemberSandboxFrozenAtItsEnd: from a member's end its side of its
// sandbox refuses exec and writes (issue 27: a member kept replacing
// /bin/sh until the exec scorer ran) while reads and views go on; a member
// still running is unaffected until the swarm's end.
func TestMemberSandboxFrozenAtItsEnd(t *testing.T) {
	t.Parallel()
	p := sandbox.NewLocal(t.TempDir())
	set, err := p.Sample(t.Context(), sandbox.SampleSpec{ID: "s", Epoch: 1, Members: []string{"a", "b"}, PerMember: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = set.Close(); _ = p.Close() })
	f := newFreezer(set, hclog.NewNullLogger())
	a, b := f.side("a", set.For("a")), f.side("b", set.For("b"))
	ctx := t.Context()
	require.NoError(t, a.WriteFile(ctx, "answer.txt", []byte("42")))
	f.MemberState("a", swarm.StateEnded, swarm.StatusSubmitted)
	tests := map[string]struct {
		env  sandbox.Env
		call func(sandbox.Env) error
		ok   bool
	}{
		"the ended member's write": {a, func(e sandbox.Env) error { return e.WriteFile(ctx, "answer.txt", []byte("7")) }, false},
		"the ended member's exec": {a, func(e sandbox.Env) error {
			_, err := e.Exec(ctx, sandbox.ExecRequest{Command: []string{"sh", "-c", "echo 7 > answer.txt"}})
			return err
		}, false},
		"the ended member's read":    {a, func(e sandbox.Env) error { _, err := e.ReadFile(ctx, "answer.txt"); return err }, true},
		"the running member's write": {b, func(e sandbox.Env) error { return e.WriteFile(ctx, "answer.txt", []byte("1")) }, true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			err := tt.call(tt.env)
			if tt.ok {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, sandbox.ErrEnded)
			assert.ErrorContains(t, err, "member a")
		})
	}
	got, err := a.View().ReadFile(ctx, "answer.txt")
	require.NoError(t, err)
	assert.Equal(t, "42", string(got), "the scorer sees what the member left")
	f.all()
	assert.ErrorIs(t, b.WriteFile(ctx, "x", nil), sandbox.ErrEnded, "every side closes at the swarm's end")
}
