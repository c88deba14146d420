// Package studye2e holds the study and report tests that run the real
// host: per-member scores through real scorer plugins (Go, and Inspect's
// own Python through the bridge), `swarmhost study` on examples/study with
// every number checked against hand-worked values, `swarmhost report` on
// swarmhost's and Inspect Swarm's logs, and the report page opened in
// headless Chromium. It is a package of its own so that its minutes do not
// count against the time limit of the host/cli tests.
package studye2e
