package agenttools

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// TestVisibleSandboxes: a member's tools reach a visible sandbox by name
// and their own without one; an unknown name is a tool error, and the
// tools' schemas offer the names.
func TestVisibleSandboxes(t *testing.T) {
	t.Parallel()
	set, err := sandbox.NewLocal(t.TempDir()).WithLauncher(nil).SampleDirs(context.Background(),
		sandbox.SampleSpec{ID: "s", Epoch: 1, PerMember: true, Members: []string{"m", "svc"}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = set.Close() })
	ctx := context.Background()
	require.NoError(t, set.Dir("m").WriteFile(ctx, "where.txt", []byte("own")))
	require.NoError(t, set.Dir("svc").WriteFile(ctx, "where.txt", []byte("service")))
	tools := New(set.Dir("m"), nil).WithVisible(map[string]sandbox.Env{"svc": set.Dir("svc")})
	for args, want := range map[string]string{`{"command":"cat where.txt"}`: "own", `{"command":"cat where.txt","sandbox":"svc"}`: "service"} {
		var a map[string]any
		require.NoError(t, json.Unmarshal([]byte(args), &a))
		got, terr := tools.Call(ctx, model.ToolCall{ID: "c", Function: "bash", Arguments: a})
		require.Nil(t, terr)
		assert.Equal(t, want, got, args)
	}
	_, terr := tools.Call(ctx, model.ToolCall{ID: "c", Function: "bash", Arguments: map[string]any{"command": "true", "sandbox": "db"}})
	assert.Equal(t, &model.ToolError{Type: "parsing", Message: `No sandbox "db" is visible to you (visible: svc).`}, terr)
	var schema struct {
		Properties map[string]struct {
			Enum []string `json:"enum"`
		} `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(tools.List()[0].Parameters, &schema))
	assert.Equal(t, []string{"svc"}, schema.Properties["sandbox"].Enum)
	plain := New(set.Dir("m"), nil).List()[0]
	assert.Equal(t, bashInfo, plain, "without visible sandboxes the schema is Inspect's")
}
