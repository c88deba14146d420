// Command swarmhost runs swarms of agent plugins on eval suites written in
// HCL. See `swarmhost help` and docs/README.md.
package main

import (
	"os"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/gcfloor"
	"github.com/swarmhost/swarmhost/host/isolate"
)

func main() {
	isolate.MaybeRunInit() // never returns when started as the sandbox init
	gcfloor.Start(gcfloor.HostFloor)
	os.Exit(cli.Main(os.Args[1:]))
}
