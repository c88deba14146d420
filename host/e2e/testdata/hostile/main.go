// Command hostile is one binary of misbehaving plugins for the attack
// tests in host/e2e (promises_e2e_test.go). It is installed under several
// names; its file name swarmhost-<kind>-<name> picks the misbehaviour:
//
//	scorer hang         Score never returns (and ignores its context)
//	scorer hangmeta     Metadata never returns (before the handshake)
//	scorer hangvalidate ValidateConfig never returns
//	scorer crashstart   writes a reason to stderr and exits 1 before Serve
//	scorer junkstart    prints to stdout before the handshake
//	controller hang     Start never returns
//	controller ghoststart, ghostchoose  Start starts, or chooses, a member named "ghost" that is on no roster
//	agent whoami        answers with its uid, gid and what its stdin holds
//	agent die           logs a reason (the SDK's logger) and exits during Run
//	agent flood         writes N bytes of stdout, then answers
//	agent biglog        makes one log call of N bytes, then answers
//	agent bigprompt     sends one generate call with a prompt of N bytes
//	scorer inf          scores +Inf with metadata holding ±Inf and NaN
//	scorer panic        panics scoring the sample whose id is "boom"; scores C otherwise
//
// N is the sample's input, a decimal number.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func main() {
	kind, name := role()
	switch {
	case name == "crashstart":
		fmt.Fprintln(os.Stderr, "fatal: cannot open /nonexistent/weights.bin: no such file or directory")
		os.Exit(1)
	case name == "junkstart":
		fmt.Println("loading hostile plugin...")
	}
	switch kind {
	case "scorer":
		sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{&hostileScorer{name: name}}})
	case "controller":
		sdk.Serve(sdk.Plugins{Controllers: []controller.Controller{&hostileController{name: name}}})
	case "agent":
		sdk.Serve(sdk.Plugins{Agents: []agent.Agent{&hostileAgent{name: name}}})
	}
}

// role parses the executable's name.
func role() (kind, name string) {
	base := strings.TrimPrefix(filepath.Base(os.Args[0]), "swarmhost-")
	kind, name, _ = strings.Cut(base, "-")
	return kind, name
}

// block waits forever, ignoring any context: the host must not wait too.
func block() { select {} }
