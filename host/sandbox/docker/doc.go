// Package docker is the `docker` sandbox provider (SPEC §13): a
// [sandbox.Provider] whose sandboxes are containers made through the Docker
// Engine API of whatever engine DOCKER_HOST names (Docker, podman's API
// service, a remote engine over tcp:// or ssh://).
//
// [New] reads the `sandbox "docker"` block's [Config]: a compose file (read
// by host/sandbox/compose; its services become a sample's sandboxes as
// host/sandbox/engine plans them) or one image. It connects, checks every
// image (it never pulls or builds one) and sweeps what a killed host on
// this machine left behind ([Sweep], by the labels every container and
// volume carries: [LabelOwner], [LabelRun], ...). Each sample × epoch then
// gets its containers, named volumes of its own, its files and its setup;
// commands run through execs inside engine.ExecWrapper, so nothing a command
// started outlives it, and a scorer's view runs in a throw-away copy of the
// container. Without `network = true` every container has NetworkMode
// "none".
package docker
