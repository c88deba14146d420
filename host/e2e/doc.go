// Package e2e is swarmhost's end-to-end tests: they build the repository's
// plugins (and, where a test needs a process of its own, the swarmhost
// binary), run suites through the command line (host/cli) and check the
// logs, the records, the exit codes and what a run leaves behind — on the
// local sandbox, containers (DOCKER_HOST) and Kubernetes (KUBECONFIG), with
// Python plugins and against Inspect AI and Inspect Swarm where a test says
// so. Golden files are under testdata/; `go test ./host/e2e -update`
// rewrites them. The package has tests only.
package e2e
