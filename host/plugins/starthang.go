package plugins

import (
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// isHandshakeTimeout reports go-plugin's start timeout.
func isHandshakeTimeout(err error) bool {
	return strings.Contains(err.Error(), "timeout while waiting for plugin to start")
}

// metadataHangProblem explains a handshake timeout whose cause the SDK
// reported on stderr: one of the plugin's Metadata methods never returned
// (the SDK calls them all before the handshake). "" when that is not it.
func metadataHangProblem(err error, stderr []string, opts Options) string {
	if !isHandshakeTimeout(err) {
		return ""
	}
	for _, line := range stderr {
		_, rest, ok := strings.Cut(line, hostrpc.MetadataStuck)
		if !ok {
			continue
		}
		impl := rest
		if i := strings.LastIndex(rest, ": "); i >= 0 {
			impl = rest[i+2:]
		}
		return fmt.Sprintf("its Metadata method (%s) did not return within %s, so the SDK never reached the "+
			"go-plugin handshake; Metadata must return at once (do slow set-up in the plugin's first call)",
			strings.TrimSpace(impl), opts.StartTimeout)
	}
	return ""
}
