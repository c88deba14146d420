package eval

import (
	"iter"
	"time"

	"github.com/swarmhost/swarmhost/host/swarm"
)

// LedgerEvidence is the payload of the "ledger" info event: the ledger
// after its type, as Inspect Swarm writes it when the swarm ends.
type LedgerEvidence struct {
	Type string `json:"type"`
	swarm.Ledger
}

// MetricsEvidence is the payload of the "metrics" info event.
type MetricsEvidence struct {
	Type string `json:"type"`
	swarm.Metrics
}

// withAccounts adds the ledger's and then the metrics' info events after
// the sample's other events, as the swarm's last evidence.
func withAccounts(evs iter.Seq[swarm.Event], l swarm.Ledger, m swarm.Metrics) iter.Seq[swarm.Event] {
	return func(yield func(swarm.Event) bool) {
		end := time.Time{}
		for e := range evs {
			if !yield(e) {
				return
			}
			end = completedAt(e)
		}
		if end.IsZero() {
			end = time.Now()
		}
		if !yield(swarm.Event{Kind: swarm.EventInfo, Time: end, Source: swarm.InfoSource,
			Data: LedgerEvidence{Type: "ledger", Ledger: l}}) {
			return
		}
		yield(swarm.Event{Kind: swarm.EventInfo, Time: end, Source: swarm.InfoSource,
			Data: MetricsEvidence{Type: "metrics", Metrics: m}})
	}
}
