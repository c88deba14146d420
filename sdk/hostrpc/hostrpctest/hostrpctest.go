// Package hostrpctest serves plugin implementations inside a host test and
// hands back the host's real clients of them, through a real gRPC
// connection and broker, for the host's own tests of code that calls
// plugins (plugin authors test with sdk/sdktest instead).
package hostrpctest

import (
	"testing"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
	"github.com/swarmhost/swarmhost/sdk/internal/loopback"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
)

// Controller serves impl in-process and returns the host's client of its
// controller named name, as host/plugins dispenses it from a process: it
// also implements controller.WithChoose, controller.WithRefused,
// hostrpc.WithEnd, hostrpc.WithEvents and RosterChanged. The connection
// closes when the test ends.
func Controller(t testing.TB, impl controller.Controller, name string) hostrpc.Controller {
	t.Helper()
	return loopback.InProcess(t, pluginside.Plugins{Controllers: []controller.Controller{impl}}).Controller(name)
}
