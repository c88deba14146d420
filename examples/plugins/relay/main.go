// Command swarmhost-controller-relay is a swarmhost controller plugin.
package main

import (
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/controller"
)

func main() { sdk.Serve(sdk.Plugins{Controllers: []controller.Controller{Relay{}}}) }
