// Package enginetest is the tests that run the same on every container
// sandbox provider ([Files], [Comparator], [SweepAfterKilledHost]) and what
// they need: an [Engine] describes how to start a provider and what of a
// run is left on it, and [Missing] skips — or, under CI, fails — a test
// whose engine does not answer. host/sandbox/docker and
// host/sandbox/kubernetes run them from their own tests.
package enginetest
