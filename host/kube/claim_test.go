package kube

import (
	"testing"

	"github.com/stretchr/testify/assert"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"
)

func TestCheckLogsClaim(t *testing.T) {
	t.Parallel()
	claim := func(modes ...corev1.PersistentVolumeAccessMode) runtime.Object {
		return &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Name: "logs", Namespace: "evals"},
			Spec: corev1.PersistentVolumeClaimSpec{AccessModes: modes}}
	}
	node := func(name string, unschedulable bool) runtime.Object {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: corev1.NodeSpec{Unschedulable: unschedulable}}
	}
	cases := map[string]struct {
		objects      []runtime.Object
		err, warning string
	}{
		"read-write-many": {objects: []runtime.Object{claim(corev1.ReadWriteMany), node("a", false), node("b", false)}},
		"read-write-once on one node": {objects: []runtime.Object{claim(corev1.ReadWriteOnce), node("a", false)},
			warning: "serves while the cluster has one node"},
		"read-write-once, the other node cordoned": {
			objects: []runtime.Object{claim(corev1.ReadWriteOnce), node("a", false), node("b", true)},
			warning: "serves while the cluster has one node"},
		"read-write-once on three nodes": {
			objects: []runtime.Object{claim(corev1.ReadWriteOnce), node("a", false), node("b", false), node("c", false)},
			err:     "claim logs is ReadWriteOnce: one node at a time can mount it, and the cluster has 3 nodes"},
		"read-write-once-pod": {objects: []runtime.Object{claim(corev1.ReadWriteOncePod), node("a", false)},
			err: "ReadWriteOncePod: one pod at a time"},
		"read-only-many": {objects: []runtime.Object{claim(corev1.ReadOnlyMany)}, err: "cannot write their logs"},
		"missing":        {objects: []runtime.Object{node("a", false)}, warning: "claim logs is not in namespace evals"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := CheckLogsClaim(t.Context(), fake.NewClientset(tc.objects...), "evals", "logs")
			if tc.err == "" {
				assert.NoError(t, got.Err)
			} else {
				assert.ErrorContains(t, got.Err, tc.err)
				assert.ErrorContains(t, got.Err, "ReadWriteMany claim ("+RWXClasses+")", "says which volumes work")
			}
			if tc.warning == "" {
				assert.Empty(t, got.Warning)
			} else {
				assert.Contains(t, got.Warning, tc.warning)
			}
		})
	}
}
