package pluginside

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// startAll starts every member of its roster, as the built-in leaderless
// controller does.
type startAll struct{}

func (startAll) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "start-all"
}

func (startAll) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.Actions = make([]controller.Action, 0, len(req.Roster))
	for _, m := range req.Roster {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
	}
	return startAllSession{}, nil
}

type startAllSession struct{}

func (startAllSession) Event(context.Context, controller.EventRequest, *controller.EventResponse) error {
	return nil
}

// BenchmarkControllerStart is the plugin's side of one Start of a swarm of
// N members: the request decoded, the session started and kept, its N
// start actions encoded; -benchmem's B/op is what the controller process
// allocates per swarm, "live-B" what the session keeps after it.
//
//	cd sdk && go test -run '^$' -bench ControllerStart -benchmem ./internal/pluginside
func BenchmarkControllerStart(b *testing.B) {
	for _, n := range []int{10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			raw := startRequest(b, n)
			s := &controllerServer{cat: newCatalog([]controller.Controller{startAll{}}), sessions: newOpenSessions()}
			var before, after runtime.MemStats
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if i == 0 {
					runtime.GC()
					runtime.ReadMemStats(&before)
				}
				req := &pb.ControllerStartRequest{}
				if err := proto.Unmarshal(raw, req); err != nil {
					b.Fatal(err)
				}
				id := fmt.Sprint("s", i)
				req.Session = id
				resp, err := s.Start(context.Background(), req)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := proto.Marshal(resp); err != nil {
					b.Fatal(err)
				}
				if i == 0 {
					// req and resp are dead here: the collection keeps only what the session holds.
					runtime.GC()
					runtime.ReadMemStats(&after)
					b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "live-B")
				}
				s.sessions.end(id)
			}
		})
	}
}

// startRequest is a Start request's bytes for a roster of n members.
func startRequest(b *testing.B, n int) []byte {
	roster := make([]*pb.RosterMember, n)
	for i := range roster {
		roster[i] = &pb.RosterMember{Name: fmt.Sprint("m-", i+1), Agent: "scripted", Index: int32(i + 1), State: "pending"}
	}
	raw, err := proto.Marshal(&pb.ControllerStartRequest{Plugin: "start-all", Session: "s", Roster: roster})
	if err != nil {
		b.Fatal(err)
	}
	return raw
}
