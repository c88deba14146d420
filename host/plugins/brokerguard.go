package plugins

import (
	"context"
	"sync"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// brokerStreamMethod is go-plugin's broker stream, which carries a
// plugin's knocks (its requests to reach a service the host serves on the
// broker) and connection information.
const brokerStreamMethod = "/plugin.GRPCBroker/StartStream"

// MaxBrokerIDs bounds the distinct service ids a plugin may knock on over
// its process's life. go-plugin's host-side broker keeps an entry per id a
// knock names, never freed for an id the host does not serve: 300 000
// knocks with fresh ids held about 150 MiB (issue 27). The host serves a
// handful of services per process (sdk/internal/hostside), on the first
// ids, so a plugin that knocks on more distinct ids is not asking for them.
const MaxBrokerIDs = 64

// droppedBrokerMessages counts the broker messages from plugins the host
// dropped, for tests.
var droppedBrokerMessages atomic.Int64

// brokerGuard is a stream interceptor of the host's connection to a
// plugin: on the broker stream it passes a plugin's knocks for up to
// [MaxBrokerIDs] distinct ids and drops every other message before
// go-plugin's broker sees it. The host dials no service of a plugin's, so
// a plugin has nothing else to tell it: any other message (connection
// information, an acknowledgement) would only have held an entry and a
// goroutine for 5 s each.
func brokerGuard(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string,
	streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	s, err := streamer(ctx, desc, cc, method, opts...)
	if err != nil || method != brokerStreamMethod {
		return s, err
	}
	return &guardedBrokerStream{ClientStream: s, ids: map[uint32]bool{}}, nil
}

// guardedBrokerStream is the broker stream as [brokerGuard] filters it.
type guardedBrokerStream struct {
	grpc.ClientStream
	mu  sync.Mutex
	ids map[uint32]bool
}

// RecvMsg receives the next message the guard lets through.
func (s *guardedBrokerStream) RecvMsg(m any) error {
	for {
		if err := s.ClientStream.RecvMsg(m); err != nil {
			return err
		}
		msg, ok := m.(proto.Message)
		if !ok || s.admit(msg.ProtoReflect()) {
			return nil
		}
		droppedBrokerMessages.Add(1)
	}
}

// admit reports whether a message from the plugin may reach the broker.
func (s *guardedBrokerStream) admit(m protoreflect.Message) bool {
	fields := m.Descriptor().Fields()
	idField, knockField := fields.ByName("service_id"), fields.ByName("knock")
	if idField == nil || knockField == nil || !m.Has(knockField) {
		return false
	}
	knock := m.Get(knockField).Message()
	kf := knock.Descriptor().Fields()
	isKnock, isAck := kf.ByName("knock"), kf.ByName("ack")
	if isKnock == nil || isAck == nil || !knock.Get(isKnock).Bool() || knock.Get(isAck).Bool() {
		return false
	}
	id := uint32(m.Get(idField).Uint())
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids[id] {
		return true
	}
	if len(s.ids) >= MaxBrokerIDs {
		return false
	}
	s.ids[id] = true
	return true
}
