package hostside

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// answeringCatalog answers Metadata and ValidateConfig as a plugin process would, or fails both with err.
type answeringCatalog struct {
	names []string
	err   error
	got   *pb.ValidateConfigRequest
}

func (a *answeringCatalog) Metadata(context.Context, *pb.MetadataRequest, ...grpc.CallOption) (*pb.MetadataResponse, error) {
	if a.err != nil {
		return nil, a.err
	}
	resp := &pb.MetadataResponse{}
	for _, n := range a.names {
		resp.Plugins = append(resp.Plugins, &pb.PluginInfo{Name: n, Version: "v-" + n})
	}
	return resp, nil
}

func (a *answeringCatalog) ValidateConfig(_ context.Context, in *pb.ValidateConfigRequest, _ ...grpc.CallOption) (*pb.ValidateConfigResponse, error) {
	a.got = in
	if a.err != nil {
		return nil, a.err
	}
	return &pb.ValidateConfigResponse{Diagnostics: []*pb.Diagnostic{{Summary: "bad " + in.Plugin}}}, nil
}

// TestKindClient: Plugins, Validate and metadata go to the kind's client; its errors name the kind and the call.
func TestKindClient(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	t.Run("answers", func(t *testing.T) {
		t.Parallel()
		rpc := &answeringCatalog{names: []string{"a", "b"}}
		c := kindClient{kind: protocol.KindScorer, rpc: rpc}
		infos, err := c.Plugins(ctx)
		require.NoError(t, err)
		require.Len(t, infos, 2)
		assert.Equal(t, "b", infos[1].Name)
		v, err := c.Validate(ctx, "b", []byte(`{"x":1}`))
		require.NoError(t, err)
		assert.Equal(t, "b", rpc.got.Plugin)
		assert.JSONEq(t, `{"x":1}`, string(rpc.got.ConfigJson))
		require.Len(t, v.Diagnostics, 1)
		assert.Equal(t, "bad b", v.Diagnostics[0].Summary)
		var md base.MetadataResponse
		c.metadata(ctx, "b", &md)
		assert.Equal(t, "v-b", md.Version)
		md = base.MetadataResponse{Name: "kept"}
		c.metadata(ctx, "none", &md)
		assert.Equal(t, "kept", md.Name, "an unknown name leaves the response alone")
	})
	t.Run("errors", func(t *testing.T) {
		t.Parallel()
		c := kindClient{kind: protocol.KindAgent, rpc: &answeringCatalog{err: status.Error(codes.Unavailable, "gone")}}
		_, err := c.Plugins(ctx)
		assert.EqualError(t, err, "agent metadata: gone")
		_, err = c.Validate(ctx, "a", nil)
		assert.EqualError(t, err, "agent validate config: gone")
		md := base.MetadataResponse{Name: "kept"}
		c.metadata(ctx, "a", &md)
		assert.Equal(t, "kept", md.Name)
		_, err = kindClient{kind: protocol.KindController, rpc: &answeringCatalog{err: errors.New("plain")}}.Plugins(ctx)
		assert.EqualError(t, err, "controller metadata: plain")
	})
}
