package eval

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/channels/board"
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/internal/shortid"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// prepareBoard builds the sample's shared_memory board (one per sample, so
// ids restart at f-1 and w-1) with each member's delivery mode. Bad
// parameters and member names the board cannot use, which `swarmhost run`
// and `validate` report as diagnostics first, fail the sample.
func (s *sampleRun) prepareBoard() error {
	ch := s.r.channel(config.ChannelSharedMemory)
	if ch == nil {
		return nil
	}
	cfg, probs := board.ParseConfig(ch.Params)
	if len(probs) > 0 {
		return fmt.Errorf("channel \"shared_memory\": %s: %s", probs[0].Param, probs[0].Detail)
	}
	for _, name := range s.r.rosterNames() {
		if p := board.CheckMember(name); p != nil {
			return fmt.Errorf("channel \"shared_memory\": %s", p.Detail)
		}
	}
	delivery := map[string]string{}
	for _, e := range s.r.sw.Roster {
		if e.Member.Delivery != "" {
			delivery[e.Name] = e.Member.Delivery
		}
	}
	s.board = board.New(cfg, s.r.rosterNames(), delivery, channels.Options{NewID: shortid.New})
	return nil
}

// observers tell every channel of the runtime's changes.
type observers []swarm.Observer

// MemberState passes a member's new state on to each observer.
func (o observers) MemberState(member, state, status string) {
	for _, x := range o {
		x.MemberState(member, state, status)
	}
}

// Stopping passes the stop on to each observer.
func (o observers) Stopping(reason string) {
	for _, x := range o {
		x.Stopping(reason)
	}
}

// joinNotices is one turn-boundary hook from several: their non-empty
// texts, one per line, as one message with the id one of them gave. Nil for
// none.
func joinNotices(notices []func(string) (string, string)) func(string) model.Message {
	if len(notices) == 0 {
		return nil
	}
	return func(member string) model.Message {
		var msg model.Message
		var lines []string
		for _, n := range notices {
			if text, id := n(member); text != "" {
				lines = append(lines, text)
				msg.ID = cmp.Or(msg.ID, id)
			}
		}
		msg.Content = strings.Join(lines, "\n")
		return msg
	}
}

// boardMetrics adds the board to the metrics' input: its channel, its
// comm events (every write attempt, delivery, view and notice), its waits,
// and each member's delivery mode.
func (s *sampleRun) boardMetrics(in *swarm.MetricsInput) {
	in.Channels = append(in.Channels, config.ChannelSharedMemory)
	in.WaitsOffered = true
	in.Delivery = map[string]string{}
	for _, e := range s.r.sw.Roster {
		if e.Member.Delivery != "" {
			in.Delivery[e.Name] = e.Member.Delivery
		}
	}
	for e := range s.board.Evidence().All() {
		c := swarm.CommEvent{Member: e.Member, Channel: board.Channel}
		switch d := e.Data.(type) {
		case board.Sent:
			c.Kind, c.Record = swarm.CommSent, d.Record.ID
			if d.Rejected != nil {
				c.Rejected = d.Rejected.Control
			} else {
				c.PayloadBytes = len(d.Record.Payload)
			}
		case board.Delivered:
			c.Kind, c.Record = swarm.CommDelivered, d.Record
		case board.Read:
			c.Kind, c.Listing = swarm.CommRead, d.Listing
		case board.Notified:
			c.Kind = swarm.CommNotified
		case board.Waited:
			in.Waits = append(in.Waits, swarm.WaitEvent{Member: e.Member, Outcome: d.Outcome,
				Duration: float64(d.Duration), Idle: float64(d.Idle)})
			continue
		default:
			continue
		}
		in.Comms = append(in.Comms, c)
	}
}
