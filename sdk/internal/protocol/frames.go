package protocol

import (
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// StatusFields are err's gRPC code and message for a member-stream frame,
// as a gRPC server sends them: a context's error as Canceled or
// DeadlineExceeded, another plain error as Unknown with its text.
func StatusFields(err error) (int32, string) {
	s, ok := status.FromError(err)
	if !ok {
		s = status.FromContextError(err)
	}
	return int32(s.Code()), s.Message()
}

// FrameError is the error a frame's code and message stand for (nil for
// code OK).
func FrameError(code int32, message string) error {
	if code == 0 {
		return nil
	}
	return status.Error(codes.Code(code), message)
}

// SessionLostCode is the status of a controller call for a session the
// plugin process does not have open. No other error of the controller
// server has it: an error of the controller itself with this code is sent
// as codes.Unknown, so the host can rely on the code alone.
const SessionLostCode = codes.FailedPrecondition
