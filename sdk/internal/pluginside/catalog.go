package pluginside

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// metadataer is what every kind's interface has in common.
type metadataer interface {
	Metadata(context.Context, base.MetadataRequest, *base.MetadataResponse)
}

// validator is every kind's optional WithValidateConfig.
type validator interface {
	ValidateConfig(context.Context, base.ValidateConfigRequest, *base.ValidateConfigResponse)
}

// catalog indexes a binary's implementations of one kind by name.
type catalog[T metadataer] struct {
	byName map[string]T
	infos  []base.MetadataResponse
}

func newCatalog[T metadataer](impls []T) *catalog[T] {
	c := &catalog[T]{byName: map[string]T{}}
	for _, impl := range impls {
		md := watchedMetadata(impl, metadataWarnAfter)
		c.byName[md.Name] = impl
		c.infos = append(c.infos, md)
	}
	return c
}

// lookup finds the named plugin; "" picks the only one.
func (c *catalog[T]) lookup(name string) (T, error) {
	if name == "" && len(c.infos) == 1 {
		name = c.infos[0].Name
	}
	impl, ok := c.byName[name]
	if !ok {
		return impl, status.Errorf(codes.NotFound, "this binary serves no plugin named %q", name)
	}
	return impl, nil
}

// lookupWithHost finds the named plugin, as lookup does, and the connection to the host
// service at broker id the call reaches back to (agents' Run, scorers' Score).
func (c *catalog[T]) lookupWithHost(name string, dials *dialCache, id uint32) (T, *grpc.ClientConn, error) {
	impl, err := c.lookup(name)
	if err != nil {
		return impl, nil, err
	}
	conn, err := dials.dial(id)
	return impl, conn, err
}

func (c *catalog[T]) metadata() *pb.MetadataResponse {
	resp := &pb.MetadataResponse{ProtocolVersions: []int32{protocol.ProtocolVersion}}
	for _, md := range c.infos {
		resp.Plugins = append(resp.Plugins, wire.InfoToProto(md))
	}
	return resp
}

func (c *catalog[T]) validate(ctx context.Context, req *pb.ValidateConfigRequest) (*pb.ValidateConfigResponse, error) {
	impl, err := c.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	v, ok := any(impl).(validator)
	if !ok {
		return &pb.ValidateConfigResponse{}, nil
	}
	var resp base.ValidateConfigResponse
	err = protocol.ServerGuard(func() error {
		v.ValidateConfig(ctx, base.ValidateConfigRequest{Config: wire.ConfigFromProto(req.ConfigJson)}, &resp)
		return nil
	})
	return &pb.ValidateConfigResponse{Diagnostics: wire.DiagsToProto(resp.Diagnostics)}, err
}
