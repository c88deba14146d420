package plugins

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/base"
)

// metadataTimeout is the cause of a Metadata call that outlived the start
// timeout.
type metadataTimeout struct{}

func (metadataTimeout) Error() string { return "metadata timeout" }

// metadata fetches b's metadata from p within b's start timeout: a plugin
// whose handshake succeeded but whose Metadata never answers is a
// [*StartError] saying so, not a hang and not a handshake timeout.
func (m *Manager) metadata(ctx context.Context, p *Process, b Binary) ([]base.MetadataResponse, error) {
	d := m.opts.startTimeout(b)
	mctx, cancel := context.WithTimeoutCause(ctx, d, metadataTimeout{})
	defer cancel()
	infos, err := p.info(mctx, b)
	if err != nil && ctx.Err() == nil && context.Cause(mctx) == (metadataTimeout{}) {
		return nil, &StartError{Binary: b, Stderr: p.tail.Lines(), Err: err, Cause: CauseMetadata, Problem: fmt.Sprintf(
			"it completed the go-plugin handshake but did not answer its Metadata call within %s "+
				"(Metadata must return at once; raise start_timeout on its plugin block if it cannot)", d)}
	}
	return infos, err
}
