package swarm

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// logLine writes a line through the member's host.
func logLine(level, msg string, fields map[string]any) step {
	return func(ctx context.Context, r *scriptRun) (bool, error) {
		return false, r.req.Host.Log(ctx, level, msg, fields)
	}
}

// syncBuffer is a bytes.Buffer safe for the logger's concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestMemberLogsUnderItsName(t *testing.T) {
	t.Parallel()
	var out syncBuffer
	logger := hclog.New(&hclog.LoggerOptions{Output: &out, Level: hclog.Trace, Name: "swarm"})
	ag := newAgent(map[string][]step{
		"a": {logLine("debug", "thinking hard", map[string]any{"step": 3}), logLine("shout", "odd level", nil), answer("A")},
	})
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{},
		Logger: logger}, Hooks{})
	require.NoError(t, res.Error)
	got := out.String()
	assert.Regexp(t, `\[DEBUG\] swarm\.a: thinking hard: member=a step=3`, got)
	assert.Regexp(t, `\[INFO\]  swarm\.a: odd level: member=a`, got, "an unknown level logs at info")
}

// plainController hides the test controller's End.
type plainController struct{ plugins.Controller }

// endFails fails End.
type endFails struct{ *testController }

func (endFails) End(context.Context, string) error { return errors.New("end failed") }

func TestControllerEndIsOptional(t *testing.T) {
	t.Parallel()
	cases := map[string]plugins.Controller{
		"without End":    plainController{&testController{}},
		"End that fails": endFails{&testController{}},
	}
	for name, ctrl := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {answer("A")}})
			res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: ctrl}, Hooks{})
			require.NoError(t, res.Error, "End's failure is not the swarm's")
			assert.Equal(t, Final{Mode: ptr("first"), Member: ptr("a")}, res.Record.Final)
		})
	}
}

func TestSampleLimitCause(t *testing.T) {
	t.Parallel()
	err := SampleLimit("message")
	assert.ErrorIs(t, err, ErrSampleLimit)
	assert.EqualError(t, err, "sample limit: message")
	assert.NotErrorIs(t, errors.New("sample limit: message"), ErrSampleLimit)
}

func TestStoreKeysAndMemberLimit(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "inspect_swarm:result", StoreKeyResult)
	assert.Equal(t, "inspect_swarm:ledger", StoreKeyLedger)
	assert.Equal(t, "member_limit:cost", MemberLimit("cost"))
}
