package swarm

import (
	"fmt"
	"runtime/debug"
)

// guard runs f and returns its error; a panic in f comes back as an error
// saying who panicked, with the value and the panicking goroutine's stack.
// The runtime runs each member's agent in it: a panicking in-process agent
// is the member's error, never the host's end (a plugin's own panics come
// back from the SDK as errors already).
func guard(who string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{who: who, value: p, stack: debug.Stack()}
		}
	}()
	return f()
}

// panicError is a panic that guard turned into an error.
type panicError struct {
	who   string
	value any
	stack []byte
}

// Error is "WHO panicked: VALUE" and the stack on the lines after.
func (e *panicError) Error() string {
	return fmt.Sprintf("%s panicked: %v\n%s", e.who, e.value, e.stack)
}

// Unwrap is the panic's value when it is an error (panic(err)).
func (e *panicError) Unwrap() error {
	err, _ := e.value.(error)
	return err
}
