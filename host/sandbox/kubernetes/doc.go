// Package kubernetes is the `kubernetes` sandbox provider (SPEC §13): a
// [sandbox.Provider] that runs each sample × epoch as one pod in a
// cluster's namespace, one container per sandbox (the default one, each
// member's own, each other compose service) beside a read-only view twin
// for scorers, with commands through pods/exec.
//
// [New] reads the `sandbox "kubernetes"` block's [Config] (cluster,
// namespace, compose file or image, requests and limits, pull policy),
// checks that the cluster answers and the namespace may hold the run's
// pods, makes the run's deny-all NetworkPolicy unless the network is on,
// and sweeps what a killed host on this machine left behind ([Sweep], by
// the labels and annotations every object carries). It shares with the
// docker provider what host/sandbox/engine gives both: the plan of a
// sample's sandboxes, the exec wrapper and the owner annotation.
package kubernetes
