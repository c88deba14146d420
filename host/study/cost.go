package study

import (
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// ledgerDoc is what the comparison reads of a ledger (Inspect Swarm's
// document, which swarmhost writes too).
type ledgerDoc struct {
	Swarm struct {
		Usage struct {
			TotalTokens int64 `json:"total_tokens"`
		} `json:"usage"`
		Cost *float64 `json:"cost"`
	} `json:"swarm"`
	Calls struct {
		Calls    int `json:"calls"`
		Unpriced int `json:"unpriced"`
	} `json:"calls"`
	TotalComplete       bool `json:"total_complete"`
	AttributionComplete bool `json:"attribution_complete"`
}

// costOf is the attempt's recorded cost: the ledger's swarm meter (what the
// members spent, scorers not included), else the sample's model usage. The
// dollars are unknown (nil) when every call was unpriced.
func costOf(s evallog.EvalSample) Cost {
	var l ledgerDoc
	if decode(s.Store[swarm.StoreKeyLedger], &l) {
		c := Cost{Tokens: l.Swarm.Usage.TotalTokens, Ledger: true, Complete: l.TotalComplete,
			Attributed: l.AttributionComplete, Unpriced: l.Calls.Unpriced}
		if l.Swarm.Cost != nil && (l.Calls.Calls == 0 || l.Calls.Unpriced < l.Calls.Calls) {
			c.Dollars = l.Swarm.Cost
		}
		return c
	}
	var c Cost
	for _, u := range s.ModelUsage {
		c.Tokens += u.TotalTokens
		if u.TotalCost == nil {
			c.Unpriced++
			continue
		}
		d := *u.TotalCost
		if c.Dollars != nil {
			d += *c.Dollars
		}
		c.Dollars = &d
	}
	return c
}
