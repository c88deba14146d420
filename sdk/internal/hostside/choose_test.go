package hostside

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
)

// starter is a controller that starts nobody and asks for answers; it is
// its own session, which has no Choose.
type starter struct{}

func (starter) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "c"
}

func (starter) Start(_ context.Context, _ controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.FinalMode, resp.Answers = controller.FinalLast, true
	return starter{}, nil
}

func (starter) Event(context.Context, controller.EventRequest, *controller.EventResponse) error {
	return nil
}

// chooser is a starter whose session chooses the first submission.
type chooser struct{ starter }

func (c chooser) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	_, err := c.starter.Start(ctx, req, resp)
	return c, err
}

func (chooser) Choose(_ context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	resp.Member, resp.Reason = req.Submissions[0].Member, "first"
	return nil
}

// chooseLog calls a controllerServer directly and counts Choose calls.
type chooseLog struct {
	pb.ControllerClient
	s       pb.ControllerServer
	chooses int
}

func (w *chooseLog) Start(ctx context.Context, in *pb.ControllerStartRequest, _ ...grpc.CallOption) (*pb.ControllerStartResponse, error) {
	return w.s.Start(ctx, in)
}

func (w *chooseLog) Choose(ctx context.Context, in *pb.ChooseRequest, _ ...grpc.CallOption) (*pb.ChooseResponse, error) {
	w.chooses++
	return w.s.Choose(ctx, in)
}

// TestOptionalChoose: a session without Choose tells the host at Start
// (never_chooses), and the host's client then answers Choose with no choice
// without a call; one with Choose is asked.
func TestOptionalChoose(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		impl        controller.Controller
		wantCalls   int
		wantChoice  string
		wantNoChose bool
	}{
		"with Choose":    {impl: chooser{}, wantCalls: 1, wantChoice: "a"},
		"without Choose": {impl: starter{}, wantCalls: 0, wantChoice: "", wantNoChose: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			srv := pluginside.NewControllerServer([]controller.Controller{tc.impl})
			start, err := srv.Start(ctx, &pb.ControllerStartRequest{Plugin: "c", Session: "s"})
			require.NoError(t, err)
			assert.Equal(t, tc.wantNoChose, start.NeverChooses, "never_chooses")

			w := &chooseLog{s: srv}
			rc := &remoteController{c: w, name: "c", rosters: newRosterSync(), nonChoosers: newSessionSet()}
			require.NoError(t, rc.Start(ctx, controller.StartRequest{Session: "s"}, &controller.StartResponse{}))
			var resp controller.ChooseResponse
			require.NoError(t, rc.Choose(ctx, controller.ChooseRequest{Session: "s",
				Submissions: []controller.Submission{{Member: "a", Answer: "42"}}}, &resp))
			assert.Equal(t, tc.wantChoice, resp.Member)
			assert.Equal(t, tc.wantCalls, w.chooses, "Choose calls that reached the plugin")
		})
	}
}
