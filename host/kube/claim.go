package kube

import (
	"context"
	"fmt"
	"slices"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// RWXClasses names the kinds of storage that give a ReadWriteMany claim on real clusters, for
// messages and the docs.
const RWXClasses = "NFS, CephFS, Amazon EFS, Google Filestore, Azure Files"

// ClaimCheck is what CheckLogsClaim found: Err when the Job cannot work with the claim, Warning
// when it may not (or when the claim could not be checked).
type ClaimCheck struct {
	Err     error
	Warning string
}

// CheckLogsClaim says whether the shards of a Job can all write their logs to the claim in the
// namespace. A ReadWriteMany claim works on any cluster. A ReadWriteOnce claim is mounted by one
// node at a time: on a cluster of more than one schedulable node, shards scheduled elsewhere never
// start and a shard started again on another node cannot reach its log, so it is refused (a
// warning on one node). ReadWriteOncePod (one pod at a time) and ReadOnlyMany are refused. A claim
// that does not exist yet, or a cluster that cannot be asked, is a warning.
func CheckLogsClaim(ctx context.Context, set kubernetes.Interface, ns, claim string) ClaimCheck {
	pvc, err := set.CoreV1().PersistentVolumeClaims(ns).Get(ctx, claim, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return ClaimCheck{Warning: fmt.Sprintf("claim %s is not in namespace %s: create it, ReadWriteMany, before "+
			"applying the Job", claim, ns)}
	}
	if err != nil {
		return ClaimCheck{Warning: fmt.Sprintf("could not check claim %s: %v", claim, err)}
	}
	modes := pvc.Spec.AccessModes
	switch {
	case slices.Contains(modes, corev1.ReadWriteMany):
		return ClaimCheck{}
	case slices.Contains(modes, corev1.ReadWriteOncePod):
		return ClaimCheck{Err: fmt.Errorf("claim %s is ReadWriteOncePod: one pod at a time can use it, so the "+
			"shards cannot run side by side; use a ReadWriteMany claim (%s)", claim, RWXClasses)}
	case !slices.Contains(modes, corev1.ReadWriteOnce):
		return ClaimCheck{Err: fmt.Errorf("claim %s is %v: the shards cannot write their logs to it; use a "+
			"ReadWriteMany claim (%s)", claim, modes, RWXClasses)}
	}
	n, err := schedulableNodes(ctx, set)
	if err != nil {
		return ClaimCheck{Warning: fmt.Sprintf("claim %s is ReadWriteOnce, and the nodes could not be counted (%v): "+
			"on more than one node use a ReadWriteMany claim (%s)", claim, err, RWXClasses)}
	}
	if n > 1 {
		return ClaimCheck{Err: fmt.Errorf("claim %s is ReadWriteOnce: one node at a time can mount it, and the "+
			"cluster has %d nodes: shards scheduled on the others would never start, and a shard started "+
			"again elsewhere could not reach its log; use a ReadWriteMany claim (%s), or --check-claim=false "+
			"to write the Job anyway", claim, n, RWXClasses)}
	}
	return ClaimCheck{Warning: fmt.Sprintf("claim %s is ReadWriteOnce: it serves while the cluster has one node; "+
		"with more, use a ReadWriteMany claim (%s)", claim, RWXClasses)}
}

// schedulableNodes counts the nodes pods can be scheduled on.
func schedulableNodes(ctx context.Context, set kubernetes.Interface) (int, error) {
	nodes, err := set.CoreV1().Nodes().List(ctx, metav1.ListOptions{})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, node := range nodes.Items {
		if !node.Spec.Unschedulable {
			n++
		}
	}
	return n, nil
}
