// Command swarmhost-sandbox is swarmhost's sandbox init on its own: the
// launcher (host/isolate) starts it, when it lies beside the swarmhost
// binary, instead of re-executing the host, which would first initialise
// every package the host links. Run by hand it only says what it is.
package main

import (
	"fmt"
	"os"

	"github.com/swarmhost/swarmhost/host/isolate"
)

func main() {
	isolate.MaybeRunInit() // never returns when started as the sandbox init
	fmt.Fprintf(os.Stderr, "%s is swarmhost's sandbox init: swarmhost starts it; it does nothing on its own\n",
		isolate.InitProgram)
	os.Exit(2)
}
