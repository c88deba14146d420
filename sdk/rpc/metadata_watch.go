package rpc

import (
	"context"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/sdk/base"
)

// MetadataStuck starts the warning a plugin process writes to stderr when
// one of its Metadata methods has not returned after a while. Serve calls
// every Metadata before the go-plugin handshake, so a hang there looks like
// a slow start from outside; the host finds this line in the plugin's
// stderr and names the real cause.
const MetadataStuck = "Metadata has not returned"

// metadataWarnAfter is how long a Metadata call runs before the warning.
const metadataWarnAfter = time.Second

// watchedMetadata calls impl.Metadata, writing the [MetadataStuck] warning
// (with impl's Go type) to the plugin's stderr if it has not returned
// after warnAfter. It still waits for the call: the host decides how long
// a start may take.
func watchedMetadata(impl metadataer, warnAfter time.Duration) base.MetadataResponse {
	t := time.AfterFunc(warnAfter, func() {
		NewPluginLogger().Warn(fmt.Sprintf("%s after %s: %T", MetadataStuck, warnAfter, impl))
	})
	defer t.Stop()
	var md base.MetadataResponse
	impl.Metadata(context.Background(), base.MetadataRequest{}, &md)
	return md
}
