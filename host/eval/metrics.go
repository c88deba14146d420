package eval

import (
	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// metrics computes the swarm's metrics (swarm.BuildMetrics) with the
// record channels' evidence. Each channel with records adds its own
// translation here: the messages channel's bus below, the shared_memory
// board in boardMetrics.
func (s *sampleRun) metrics(out *swarm.Result) swarm.Metrics {
	var in swarm.MetricsInput
	if s.bus != nil {
		in.Channels = append(in.Channels, config.ChannelMessages)
		in.Comms = append(in.Comms, busComms(s.bus.Evidence())...)
		if s.bus.Config().Delivery == channels.DeliveryPoll {
			in.Delivery = map[string]string{}
			for _, m := range s.r.members {
				in.Delivery[m.Name] = swarm.DeliveryPoll
			}
		}
	}
	if s.board != nil {
		s.boardMetrics(&in)
	}
	return swarm.BuildMetrics(out, in)
}

// busComms translates the messages channel's evidence into comm events:
// a sent (rejected by a storm control, or accepted with its bytes), each
// delivery, each read and each notice.
func busComms(evs swarm.Events) []swarm.CommEvent {
	var out []swarm.CommEvent
	for e := range evs.All() {
		switch d := e.Data.(type) {
		case channels.Sent:
			c := swarm.CommEvent{Kind: swarm.CommSent, Member: d.From, Channel: d.Channel, Record: d.ID}
			if d.Decision != channels.DecisionAccept {
				c.Rejected = d.Decision
				if d.Rule != nil {
					c.Rejected = *d.Rule
				}
			} else {
				c.PayloadBytes = d.Bytes
			}
			out = append(out, c)
		case channels.Delivered:
			out = append(out, swarm.CommEvent{Kind: swarm.CommDelivered, Member: d.From, Channel: d.Channel, Record: d.ID})
		case channels.Read:
			out = append(out, swarm.CommEvent{Kind: swarm.CommRead, Member: d.Member, Channel: d.Channel})
		case channels.Notified:
			out = append(out, swarm.CommEvent{Kind: swarm.CommNotified, Member: d.Member, Channel: d.Channel})
		}
	}
	return out
}
