package protocol

import (
	"errors"
	"fmt"
	"runtime/debug"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// PanicError is a panic that [Guard] turned into an error: what was raised
// and the stack of the goroutine that raised it.
type PanicError struct {
	// Who is what panicked, for the message: "plugin", "agent".
	Who string
	// Value is the panic's value.
	Value any
	// Stack is the panicking goroutine's stack (runtime/debug.Stack).
	Stack []byte
}

// Error is "WHO panicked: VALUE" and the stack on the lines after.
func (e *PanicError) Error() string {
	return fmt.Sprintf("%s panicked: %v\n%s", e.Who, e.Value, e.Stack)
}

// Unwrap is the panic's value when it is an error (panic(err)), so
// errors.Is and errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Guard runs f and returns its error; a panic in f comes back as a
// *[PanicError] with its stack, so one bad call into an author's code never
// takes down the process serving many members and samples. The plugin
// side of every kind runs the author's methods in it (the host sees a gRPC
// Internal error), and the host its members' agents (host/swarm).
func Guard(who string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Who: who, Value: p, Stack: debug.Stack()}
		}
	}()
	return f()
}

// ServerGuard is [Guard] for a gRPC server's call into a plugin author's
// code: a panic is answered with an Internal status carrying its message
// and stack.
func ServerGuard(f func() error) error {
	err := Guard("plugin", f)
	if p := (*PanicError)(nil); errors.As(err, &p) {
		return status.Error(codes.Internal, p.Error())
	}
	return err
}
