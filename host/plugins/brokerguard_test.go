package plugins

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// connInfo builds go-plugin's broker message (plugin.ConnInfo, registered
// by go-plugin's generated code) with the given service id and knock.
func connInfo(t *testing.T, id uint32, knock, ack bool, withKnock bool) proto.Message {
	t.Helper()
	mt, err := protoregistry.GlobalTypes.FindMessageByName("plugin.ConnInfo")
	require.NoError(t, err, "go-plugin registers its broker message")
	m := mt.New()
	fields := m.Descriptor().Fields()
	m.Set(fields.ByName("service_id"), protoreflect.ValueOfUint32(id))
	if withKnock {
		k := m.Mutable(fields.ByName("knock")).Message()
		kf := k.Descriptor().Fields()
		k.Set(kf.ByName("knock"), protoreflect.ValueOfBool(knock))
		k.Set(kf.ByName("ack"), protoreflect.ValueOfBool(ack))
	}
	return m.Interface()
}

// scriptedStream is a broker stream that receives the given messages.
type scriptedStream struct {
	grpc.ClientStream
	msgs []proto.Message
}

func (s *scriptedStream) RecvMsg(m any) error {
	if len(s.msgs) == 0 {
		return io.EOF
	}
	proto.Reset(m.(proto.Message))
	proto.Merge(m.(proto.Message), s.msgs[0])
	s.msgs = s.msgs[1:]
	return nil
}

// received drains a guarded stream of msgs and returns the service ids
// that reached the broker.
func received(t *testing.T, msgs []proto.Message) []uint32 {
	t.Helper()
	inner := &scriptedStream{msgs: msgs}
	s, err := brokerGuard(context.Background(), &grpc.StreamDesc{}, nil, brokerStreamMethod,
		func(context.Context, *grpc.StreamDesc, *grpc.ClientConn, string, ...grpc.CallOption) (grpc.ClientStream, error) {
			return inner, nil
		})
	require.NoError(t, err)
	mt, err := protoregistry.GlobalTypes.FindMessageByName("plugin.ConnInfo")
	require.NoError(t, err)
	var ids []uint32
	for {
		m := mt.New().Interface()
		if err := s.RecvMsg(m); err != nil {
			require.ErrorIs(t, err, io.EOF)
			return ids
		}
		ids = append(ids, uint32(m.ProtoReflect().Get(m.ProtoReflect().Descriptor().Fields().ByName("service_id")).Uint()))
	}
}

// TestBrokerGuard: a plugin's knocks reach go-plugin's broker for at most
// MaxBrokerIDs distinct ids; anything else it sends on the broker stream
// never does. go-plugin kept an entry per knocked id, never freed (300 000
// knocks with fresh ids held about 150 MiB of the host, issue 27).
func TestBrokerGuard(t *testing.T) {
	tests := map[string]struct {
		msgs func() []proto.Message
		want int
	}{
		"knocks on the host's services": {
			msgs: func() []proto.Message {
				return []proto.Message{connInfo(t, 1, true, false, true), connInfo(t, 2, true, false, true), connInfo(t, 1, true, false, true)}
			},
			want: 3,
		},
		"300 000 knocks with fresh ids": {
			msgs: func() []proto.Message {
				var msgs []proto.Message
				for id := range uint32(300_000) {
					msgs = append(msgs, connInfo(t, id+1, true, false, true))
				}
				return msgs
			},
			want: MaxBrokerIDs,
		},
		"repeated knocks on known ids pass": {
			msgs: func() []proto.Message {
				var msgs []proto.Message
				for i := range uint32(1000) {
					msgs = append(msgs, connInfo(t, i%4, true, false, true))
				}
				return msgs
			},
			want: 1000,
		},
		"connection information is dropped": {
			msgs: func() []proto.Message { return []proto.Message{connInfo(t, 7, false, false, false)} },
			want: 0,
		},
		"acknowledgements are dropped": {
			msgs: func() []proto.Message { return []proto.Message{connInfo(t, 7, true, true, true)} },
			want: 0,
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Len(t, received(t, tt.msgs()), tt.want)
		})
	}
}
