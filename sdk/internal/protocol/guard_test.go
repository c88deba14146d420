package protocol

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// panicsHere panics with v in a function of its own, so the stack can be
// checked to name where the panic was raised.
func panicsHere(v any) error { panic(v) }

// TestGuard: f's own result comes back as it is; a panic is a *PanicError
// naming who panicked, the value, and the stack where it was raised (the
// value's error unwrapped), and the guard's caller goes on.
func TestGuard(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		f         func() error
		wantErr   error
		wantPanic string
	}{
		"returns nil":   {f: func() error { return nil }},
		"returns error": {f: func() error { return io.EOF }, wantErr: io.EOF},
		"panics":        {f: func() error { return panicsHere("boom") }, wantPanic: "agent panicked: boom\n"},
		"panics error":  {f: func() error { return panicsHere(io.EOF) }, wantErr: io.EOF, wantPanic: "agent panicked: EOF\n"},
		"panics nil":    {f: func() error { return panicsHere(nil) }, wantPanic: "agent panicked: panic called with nil argument"},
		//lint:ignore SA5000 the case is the runtime's own panic
		"runtime error": {f: func() error { var m map[string]int; m["x"] = 1; return nil }, wantPanic: "assignment to entry in nil map"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := Guard("agent", tc.f)
			if tc.wantPanic == "" {
				assert.Equal(t, tc.wantErr, err)
				return
			}
			var p *PanicError
			require.ErrorAs(t, err, &p)
			assert.Equal(t, "agent", p.Who)
			assert.Contains(t, err.Error(), tc.wantPanic)
			assert.Contains(t, string(p.Stack), "guard_test.go", "the stack is where the panic was raised")
			if tc.wantErr != nil {
				assert.ErrorIs(t, err, tc.wantErr)
			}
		})
	}
}

// TestGuardServer: the plugin side answers a panic with an Internal status
// carrying the message and the stack; other errors pass as they are.
func TestGuardServer(t *testing.T) {
	t.Parallel()
	err := ServerGuard(func() error { return panicsHere("boom") })
	s, ok := status.FromError(err)
	require.True(t, ok, "a gRPC status: %v", err)
	assert.Equal(t, codes.Internal, s.Code())
	assert.Contains(t, s.Message(), "plugin panicked: boom\n")
	assert.Contains(t, s.Message(), "panicsHere")
	assert.Equal(t, io.EOF, ServerGuard(func() error { return io.EOF }))
}
