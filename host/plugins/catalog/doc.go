// Package catalog is one suite's plugins as a run uses them. A [Catalog]
// resolves the names a suite uses to plugin binaries (each discovered and
// hashed once, the suite's plugin blocks applied, checked against the
// suite's lock file, [LockFile]), hands the config loader their schemas
// and config checks, and hands the eval layer agents, controllers and
// scorers that resolve their process through the plugin manager on every
// call, so that a crashed plugin process is relaunched for the next caller
// (the member that was running in it ends errored; a controller's session
// state is lost with its process, and its sample ends in error).
//
// It is the part of plugin supervision that knows about suites; package
// plugins below it knows about binaries and processes, and host/cli only
// parses the command line.
package catalog
