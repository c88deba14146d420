package eval

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// blockingProvider answers each call with tokens once release is closed,
// saying on started that the call is under way.
type blockingProvider struct {
	started chan struct{}
	release chan struct{}
	tokens  int64
	err     error
}

func (p *blockingProvider) Name() string { return "test/blocking" }

func (p *blockingProvider) Generate(context.Context, hostmodel.Request) (hostmodel.Result, error) {
	p.started <- struct{}{}
	<-p.release
	var res hostmodel.Result
	res.Output.Usage = model.Usage{TotalTokens: p.tokens}
	return res, p.err
}

// TestMeteredProviderCountsCallsInFlight: the live display's meter counts
// a model call while it is under way (the connections in use) and adds its
// tokens once it ends, before its sample finishes; a failed call leaves
// the count too.
func TestMeteredProviderCountsCallsInFlight(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		tokens     int64
		err        error
		wantTokens int64
	}{
		"answered": {tokens: 42, wantTokens: 42},
		"failed":   {err: errors.New("http 500")},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			inner := &blockingProvider{started: make(chan struct{}), release: make(chan struct{}), tokens: tc.tokens,
				err: tc.err}
			m := &Meter{}
			p := &meteredProvider{Provider: inner, meter: m}
			done := make(chan error)
			for range 2 {
				go func() {
					_, err := p.Generate(context.Background(), hostmodel.Request{})
					done <- err
				}()
				<-inner.started
			}
			assert.Equal(t, 2, m.Snapshot().CallsInFlight, "two calls under way")
			assert.Zero(t, m.Snapshot().CallTokens, "no tokens before a call ends")
			close(inner.release)
			for range 2 {
				require.ErrorIs(t, <-done, tc.err)
			}
			got := m.Snapshot()
			assert.Zero(t, got.CallsInFlight)
			assert.Equal(t, 2*tc.wantTokens, got.CallTokens)
			assert.Zero(t, got.Tokens, "no sample has finished")
		})
	}
}
