// Package kube is what swarmhost needs of a Kubernetes cluster outside the sandbox provider
// (host/sandbox/kubernetes uses it too): a client from a kubeconfig, context and namespace (HCL
// or the usual environment: KUBECONFIG, then ~/.kube/config, then in-cluster), and the Indexed
// Job that runs a sharded eval as pods (`swarmhost k8s job`). client-go lives here and in
// host/sandbox/kubernetes only: never in sdk/ or a plugin binary.
package kube
