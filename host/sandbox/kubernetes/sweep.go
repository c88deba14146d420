package kubernetes

import (
	"context"
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/swarmhost/swarmhost/host/kube"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// Sweep deletes the pods and NetworkPolicies in the client's namespace that swarmhost
// hosts on this machine made and left behind when they were killed (their owner process is gone).
// Those of running hosts, and of other machines, stay.
func Sweep(ctx context.Context, c *kube.Client) error {
	ctx, cancel := context.WithTimeout(ctx, engine.Timeout)
	defer cancel()
	sel := metav1.ListOptions{LabelSelector: LabelManaged + "=" + kube.ManagedBy + "," + LabelRun}
	pods, err := c.Set.CoreV1().Pods(c.Namespace).List(ctx, sel)
	if err != nil {
		return fmt.Errorf("kubernetes sandbox: sweep pods in namespace %q: %w", c.Namespace, err)
	}
	var errs []error
	for _, p := range pods.Items {
		if engine.OwnerGone(p.Annotations[AnnotationOwner]) {
			err := c.Set.CoreV1().Pods(c.Namespace).Delete(ctx, p.Name, metav1.DeleteOptions{GracePeriodSeconds: ptr.To(int64(0))})
			if err != nil && !apierrors.IsNotFound(err) {
				errs = append(errs, fmt.Errorf("kubernetes sandbox: sweep pod %s: %w", p.Name, err))
			}
		}
	}
	pols, err := c.Set.NetworkingV1().NetworkPolicies(c.Namespace).List(ctx, sel)
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("kubernetes sandbox: sweep network policies: %w", err))...)
	}
	for _, p := range pols.Items {
		if engine.OwnerGone(p.Annotations[AnnotationOwner]) {
			err := c.Set.NetworkingV1().NetworkPolicies(c.Namespace).Delete(ctx, p.Name, metav1.DeleteOptions{})
			if err != nil && !apierrors.IsNotFound(err) {
				errs = append(errs, fmt.Errorf("kubernetes sandbox: sweep network policy %s: %w", p.Name, err))
			}
		}
	}
	return errors.Join(errs...)
}
