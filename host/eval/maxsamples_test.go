package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/config"
)

// TestDefaultMaxSamples: with no --max-samples, samples run at once as
// Inspect's max_samples defaults: the model's max_connections, for a swarm
// the largest among its members' models, an unset one counting as 10.
func TestDefaultMaxSamples(t *testing.T) {
	conns := func(n int64) *int64 { return &n }
	models := map[string]*config.Model{"plain": {}, "wide": {MaxConnections: conns(64)},
		"narrow": {MaxConnections: conns(4)}}
	tests := []struct {
		name    string
		members []string
		want    int
	}{
		{"no members", nil, DefaultMaxSamples},
		{"a model without max_connections", []string{"plain"}, DefaultMaxSamples},
		{"one model's max_connections", []string{"narrow", "narrow"}, 4},
		{"the largest of the members' models", []string{"narrow", "wide", "plain"}, 64},
		{"an unset one counts as the default", []string{"narrow", "plain"}, DefaultMaxSamples},
		{"a member without a model", []string{""}, DefaultMaxSamples},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sw := &config.Swarm{}
			for _, m := range tt.members {
				sw.Roster = append(sw.Roster, config.RosterEntry{Name: "m", Member: &config.Member{Model: m}})
			}
			r := &evalRun{suite: &config.Suite{Models: models}, sw: sw}
			assert.Equal(t, tt.want, r.defaultMaxSamples())
		})
	}
}
