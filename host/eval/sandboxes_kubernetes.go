package eval

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/kubernetes"
)

// kubernetesProvider connects the task's `sandbox "kubernetes"` block to its cluster; a cluster
// that does not answer, or a namespace the user may not use, fails the eval before any sample.
func (r *evalRun) kubernetesProvider(ctx context.Context) (sandbox.Provider, error) {
	sb := r.task.Sandbox
	k := sb.Kubernetes
	p, err := kubernetes.New(ctx, kubernetes.Config{Kubeconfig: k.Kubeconfig, Context: k.Context,
		AllowExecCredentials: k.AllowExecCredentials,
		Namespace:            k.Namespace, Compose: sb.Compose, ComposeOptions: sb.ComposeOptions(), Image: sb.Image, PerMember: sb.PerMember, Network: sb.Network,
		CPU: k.CPU, Memory: k.Memory, PullPolicy: corev1.PullPolicy(k.PullPolicy), ReadyTimeout: k.ReadyTimeout,
		Run: kubernetes.RunID(r.e.Name, r.started)})
	if err != nil {
		// not p: a nil *kubernetes.Provider in the Provider interface is not nil, and the run's close would
		// call its Close
		return nil, err
	}
	return p, nil
}
