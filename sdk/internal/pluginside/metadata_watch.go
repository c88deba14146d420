package pluginside

import (
	"context"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// metadataWarnAfter is how long a Metadata call runs before the warning.
const metadataWarnAfter = time.Second

// watchedMetadata calls impl.Metadata, writing the [protocol.MetadataStuck] warning
// (with impl's Go type) to the plugin's stderr if it has not returned
// after warnAfter. It still waits for the call: the host decides how long
// a start may take.
func watchedMetadata(impl metadataer, warnAfter time.Duration) base.MetadataResponse {
	t := time.AfterFunc(warnAfter, func() {
		NewPluginLogger().Warn(fmt.Sprintf("%s after %s: %T", protocol.MetadataStuck, warnAfter, impl))
	})
	defer t.Stop()
	var md base.MetadataResponse
	impl.Metadata(context.Background(), base.MetadataRequest{}, &md)
	return md
}
