package kubernetes

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/swarmhost/swarmhost/host/kube"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// k8sTestImage is the busybox image scripts/k8s.sh loads into its cluster's node.
const k8sTestImage = "swarmhost.local/busybox:1"

// needCluster returns a client of the cluster KUBECONFIG names. Without one the test is skipped —
// or fails, under CI (CI=true) or SWARMHOST_EXPECT_K8S (enginetest.Missing).
func needCluster(t *testing.T) *kube.Client {
	t.Helper()
	enginetest.SkipShort(t, "kubernetes cluster")
	c, err := kube.Connect(kube.Target{})
	if err == nil {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		_, err = c.Set.Discovery().RESTClient().Get().AbsPath("/version").Do(ctx).Raw()
	}
	if err != nil {
		enginetest.Missing(t, enginetest.Expect("SWARMHOST_EXPECT_K8S"), "kubernetes cluster",
			"scripts/k8s.sh start, then KUBECONFIG=/tmp/swarmhost-k8s/kubeconfig", err)
	}
	return c
}

// newK8s makes a kubernetes provider for cfg (Image defaults to the test image, which is never
// pulled), closed at the end of the test.
func newK8s(t *testing.T, cfg Config) *Provider {
	t.Helper()
	needCluster(t)
	if cfg.Compose == "" && cfg.Image == "" {
		cfg.Image = k8sTestImage
	}
	if cfg.PullPolicy == "" {
		cfg.PullPolicy = corev1.PullNever
	}
	k, err := New(t.Context(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, k.Close()) })
	return k
}

// runPods lists the run's pods that are not being deleted.
func runPods(t *testing.T, c *kube.Client, run string) []corev1.Pod {
	t.Helper()
	list, err := c.Set.CoreV1().Pods(c.Namespace).List(t.Context(), metav1.ListOptions{LabelSelector: LabelRun + "=" + run})
	require.NoError(t, err)
	var out []corev1.Pod
	for _, p := range list.Items {
		if p.DeletionTimestamp == nil {
			out = append(out, p)
		}
	}
	return out
}

// writeKubeconfig writes a kubeconfig for server with no credentials.
func writeKubeconfig(t *testing.T, server string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, os.WriteFile(path, []byte(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "`+server+`", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`), 0o600))
	return path
}

// kubernetesEngine is the cluster KUBECONFIG names (needCluster: skipped, or failed under CI).
func kubernetesEngine(t *testing.T) enginetest.Engine {
	t.Helper()
	c := needCluster(t)
	return enginetest.Engine{
		Image: k8sTestImage,
		Provider: func(t *testing.T, o enginetest.Opts) sandbox.Provider {
			return newK8s(t, Config{Compose: o.Compose, PerMember: o.PerMember, Run: o.Run})
		},
		Left:     func(t *testing.T, run string) int { return len(runPods(t, c, run)) },
		HoldTest: "TestKubernetesHoldSample",
	}
}
