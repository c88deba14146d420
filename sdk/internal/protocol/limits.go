package protocol

import (
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Size limits at the host-service boundary: what the host accepts from a
// plugin in one call to its host services (the agent's Generate, CallTool,
// Submit and Log; the scorer's sandbox views). A call over a limit is
// refused with an InvalidArgument error saying which limit, before the
// host does anything with it, so a runaway or hostile plugin cannot make
// the host hold or log an unbounded amount.
const (
	// MaxHostCallBytes bounds one request to a host service on the wire;
	// gRPC refuses a larger one from its length prefix, before reading it.
	MaxHostCallBytes = 16 << 20
	// MaxPromptBytes bounds one Generate call: its messages, tools and
	// config together.
	MaxPromptBytes = 8 << 20
	// MaxLogBytes bounds one Log call: its message and fields together.
	MaxLogBytes = 64 << 10
	// MaxAnswerBytes bounds one Submit call's answer.
	MaxAnswerBytes = 1 << 20
)

// CallError turns a gRPC error from the other side into a Go error with
// context: the status message alone, and for a request over
// MaxHostCallBytes what limit it broke.
func CallError(call string, err error) error {
	if s, ok := status.FromError(err); ok && s.Code() == codes.ResourceExhausted {
		return overCallLimit(call, s)
	}
	if s, ok := status.FromError(err); ok {
		return fmt.Errorf("%s: %s", call, s.Message())
	}
	return fmt.Errorf("%s: %w", call, err)
}

// overCallLimit explains gRPC's own refusal of a request over
// MaxHostCallBytes, which names only byte counts.
func overCallLimit(call string, s *status.Status) error {
	return fmt.Errorf("%s: refused by the host: the request is over its limit of %s on one host call (%s)",
		call, SizeText(MaxHostCallBytes), s.Message())
}

// SizeText renders a byte count for messages.
func SizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
