package eval

import (
	"fmt"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/channels/board"
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// channelInstructions are the preamble lines of the swarm's channels, in
// the swarm's channel order; none with `channels = []`.
func (r *evalRun) channelInstructions(m swarm.Member, s *sampleRun) []string {
	var out []string
	for _, ch := range r.sw.Channels {
		switch {
		case ch.Type == config.ChannelFilesystem && r.sharedFilesystem():
			fs, _ := channels.ParseFilesystem(ch.Params, r.perMember())
			out = append(out, fs.Instructions(m.Name))
		case ch.Type == config.ChannelMessages && s.bus != nil:
			out = append(out, s.bus.Config().Instructions(m.Name))
		case ch.Type == config.ChannelSharedMemory && s.board != nil:
			out = append(out, board.Instructions)
		}
	}
	return out
}

// perMember reports whether each member has its own sandbox.
func (r *evalRun) perMember() bool {
	own, _ := r.memberSandboxes()
	return own
}

// channel returns the swarm's channel of type t, or nil.
func (r *evalRun) channel(t string) *config.Channel {
	for _, ch := range r.sw.Channels {
		if ch.Type == t {
			return ch
		}
	}
	return nil
}

// prepareChannels sets up the sample's channels once its sandboxes exist:
// the messages channel's bus (one per sample, so record ids restart at m-1)
// and, with per-member sandboxes, the link to the shared directory that the
// filesystem channel's instructions name. Bad messages parameters (which
// `swarmhost run` and `validate` report as diagnostics before anything
// runs) fail the sample.
func (s *sampleRun) prepareChannels() error {
	if ch := s.r.channel(config.ChannelMessages); ch != nil {
		cfg, probs := channels.ParseMessages(ch.Params, s.r.rosterNames())
		if len(probs) > 0 {
			return fmt.Errorf("channel \"messages\": %s: %s", probs[0].Param, probs[0].Detail)
		}
		roster := make([]channels.Member, len(s.r.members))
		for i, m := range s.r.members {
			roster[i] = channels.Member{Name: m.Name, Role: m.Role}
		}
		s.bus = channels.NewBus(cfg, roster, channels.Options{})
	}
	if err := s.prepareBoard(); err != nil {
		return err
	}
	fs := s.r.channel(config.ChannelFilesystem)
	if fs == nil {
		return nil
	}
	if _, probs := channels.ParseFilesystem(fs.Params, s.r.perMember()); len(probs) > 0 {
		return fmt.Errorf("channel \"filesystem\": %s: %s", probs[0].Param, probs[0].Detail)
	}
	local, ok := s.sbs.(*sandbox.SampleSandboxes)
	if !s.r.perMember() || !ok {
		return nil
	}
	for _, m := range s.r.members {
		if err := channels.LinkShared(local.Shared().Dir, local.Dir(m.Name).Dir); err != nil {
			return fmt.Errorf("member %s: %w", m.Name, err)
		}
	}
	return nil
}

// rosterNames are the members' names in roster order.
func (r *evalRun) rosterNames() []string {
	names := make([]string, len(r.members))
	for i, m := range r.members {
		names[i] = m.Name
	}
	return names
}

// channelHooks are the runtime hooks of the sample's channels: their
// observers, and the notices of the messages channel in notify mode and of
// the board (which keeps each member's delivery mode). Without either
// channel, none.
func (s *sampleRun) channelHooks() (swarm.Observer, func(string) model.Message) {
	var obs observers
	var notices []func(string) (string, string)
	if s.bus != nil {
		obs = append(obs, s.bus)
		if s.bus.Config().Delivery == channels.DeliveryNotify {
			notices = append(notices, func(m string) (string, string) { return s.bus.Notice(m), "" })
		}
	}
	if s.board != nil {
		obs = append(obs, s.board)
		notices = append(notices, s.board.NoticeMessage)
	}
	if len(obs) == 0 {
		return nil, nil
	}
	return obs, joinNotices(notices)
}

// swarmMetadata is the sample metadata's "inspect_swarm" entry: the stop
// reason (null when nothing stopped the swarm: an error or a sample limit
// ended the sample) and, with a messages channel, each member's message counts
// ("messages": {member: {sent, delivered, read, rejected,
// rejected_by_control, notices}}; see channels.Metrics).
func (s *sampleRun) swarmMetadata(out *swarm.Result) map[string]any {
	md := map[string]any{"stop_reason": nil}
	if out.StopReason != "" {
		md["stop_reason"] = out.StopReason
	}
	if s.bus != nil {
		md["messages"] = s.bus.Metrics()
	}
	return md
}
