// Command swarmhost-scorer-exact-text is a swarmhost scorer plugin.
package main

import (
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func main() { sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{Exact{}}}) }
