package kubernetes

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/streaming/pkg/httpstream"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// TestKubernetesFiles: enginetest.Files on the kubernetes provider.
func TestKubernetesFiles(t *testing.T) {
	t.Parallel()
	enginetest.Files(t, kubernetesEngine(t))
}

// TestKubernetesExec: pods/exec keeps stdin, stdout and stderr apart, reports the exit code, ends a
// command (and what it started) at its timeout, and never runs a command twice.
func TestKubernetesExec(t *testing.T) {
	t.Parallel()
	k := newK8s(t, Config{})
	sb := enginetest.Sample(t, k, sandbox.SampleSpec{ID: "exec", Epoch: 1}).For("")
	cases := map[string]struct {
		req            sandbox.ExecRequest
		stdout, stderr string
		code           int
		timedOut       bool
	}{
		"streams apart":  {req: sandbox.ExecRequest{Command: []string{"sh", "-c", "echo out; echo err >&2; exit 3"}}, stdout: "out\n", stderr: "err\n", code: 3},
		"stdin":          {req: sandbox.ExecRequest{Command: []string{"sh", "-c", "tr a-z A-Z"}, Input: "hello\n"}, stdout: "HELLO\n"},
		"environment":    {req: sandbox.ExecRequest{Command: []string{"sh", "-c", "echo $GREETING"}, Env: []string{"GREETING=hi"}}, stdout: "hi\n"},
		"working dir":    {req: sandbox.ExecRequest{Command: []string{"pwd"}}, stdout: "/workspace\n"},
		"signal":         {req: sandbox.ExecRequest{Command: []string{"sh", "-c", "kill -TERM $$"}}, code: 128 + 15},
		"timeout":        {req: sandbox.ExecRequest{Command: []string{"sh", "-c", "sleep 301 & echo started; wait"}, Timeout: time.Second}, stdout: "started\n", code: 128 + 9, timedOut: true},
		"missing binary": {req: sandbox.ExecRequest{Command: []string{"no-such-program"}}, code: 127},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res, err := sb.Exec(t.Context(), tc.req)
			require.NoError(t, err)
			assert.Equal(t, tc.stdout, res.Stdout)
			if tc.stderr != "" || tc.code == 0 {
				assert.Equal(t, tc.stderr, res.Stderr)
			}
			assert.Equal(t, tc.code, res.ExitCode, res.Stderr)
			assert.Equal(t, tc.timedOut, res.TimedOut)
		})
	}
	res, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c", "ps -o args | grep -c '[s]leep 301' || true"}})
	require.NoError(t, err)
	assert.Equal(t, "0\n", res.Stdout, "the timed-out command's children were killed")
	res, err = sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c", "echo ran >> once.txt; exit 1"}})
	require.NoError(t, err)
	assert.Equal(t, 1, res.ExitCode)
	got, err := sb.ReadFile(t.Context(), "once.txt")
	require.NoError(t, err)
	assert.Equal(t, "ran\n", string(got), "a failing command ran once (no fallback re-run)")
}

// TestKubernetesOutputCap: each stream keeps its last MaxOutput bytes.
func TestKubernetesOutputCap(t *testing.T) {
	t.Parallel()
	k := newK8s(t, Config{})
	sb := enginetest.Sample(t, k, sandbox.SampleSpec{ID: "cap", Epoch: 1}).For("")
	res, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c",
		fmt.Sprintf("head -c %d /dev/zero; echo end", sandbox.MaxOutput+4096)}})
	require.NoError(t, err)
	assert.LessOrEqual(t, len(res.Stdout), sandbox.MaxOutput+200)
	assert.True(t, strings.HasSuffix(res.Stdout, "end\n"))
}

// TestKubernetesSampleRemovedAtClose: one pod per sample, a container per sandbox (and its view
// twin), labelled and annotated; none is left once the sample is closed.
func TestKubernetesSampleRemovedAtClose(t *testing.T) {
	t.Parallel()
	c := needCluster(t)
	k := newK8s(t, Config{PerMember: true, CPU: "50m", Memory: "32Mi"})
	set, err := k.Sample(t.Context(), sandbox.SampleSpec{ID: "q/1 with spaces", Epoch: 2, Members: []string{"a", "b_2"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"", "a", "b_2"}, set.Names())
	pods := runPods(t, c, k.Run())
	require.Len(t, pods, 1)
	p := pods[0]
	assert.Equal(t, "q/1 with spaces", p.Annotations[AnnotationSample])
	assert.Equal(t, "2", p.Labels[LabelEpoch])
	assert.Equal(t, "swarmhost", p.Labels[LabelManaged])
	assert.Equal(t, "none", p.Labels[LabelNetwork])
	assert.Equal(t, engine.OwnerLabel(), p.Annotations[AnnotationOwner])
	assert.Equal(t, "sandbox-0=\nsandbox-1=a\nsandbox-2=b_2", p.Annotations[AnnotationSandboxes])
	require.Len(t, p.Spec.Containers, 6)
	res := p.Spec.Containers[0].Resources
	assert.Equal(t, "50m", res.Limits.Cpu().String())
	assert.Equal(t, "32Mi", res.Requests.Memory().String())
	require.NoError(t, set.Close())
	require.NoError(t, set.Close(), "a second Close is fine")
	assert.Empty(t, runPods(t, c, k.Run()))
}

// TestKubernetesNetworkPolicy: without network the run has a deny-all policy selecting its pods;
// Close deletes it. With network there is none.
func TestKubernetesNetworkPolicy(t *testing.T) {
	t.Parallel()
	c := needCluster(t)
	for _, network := range []bool{false, true} {
		k, err := New(t.Context(), Config{Image: k8sTestImage, PullPolicy: corev1.PullNever, Network: network})
		require.NoError(t, err)
		sel := metav1.ListOptions{LabelSelector: LabelRun + "=" + k.Run()}
		list, err := c.Set.NetworkingV1().NetworkPolicies(c.Namespace).List(t.Context(), sel)
		require.NoError(t, err)
		if network {
			assert.Empty(t, list.Items)
		} else {
			require.Len(t, list.Items, 1)
			np := list.Items[0].Spec
			assert.Equal(t, map[string]string{LabelRun: k.Run(), LabelNetwork: "none"}, np.PodSelector.MatchLabels)
			assert.Empty(t, np.Ingress)
			assert.Empty(t, np.Egress)
			assert.Len(t, np.PolicyTypes, 2)
		}
		require.NoError(t, k.Close())
		list, err = c.Set.NetworkingV1().NetworkPolicies(c.Namespace).List(t.Context(), sel)
		require.NoError(t, err)
		assert.Empty(t, list.Items)
	}
}

// TestKubernetesComparator is the comparator pattern (enginetest.Comparator) in a pod's containers.
func TestKubernetesComparator(t *testing.T) {
	t.Parallel()
	enginetest.Comparator(t, kubernetesEngine(t))
}

// TestKubernetesViewLeavesSandboxUnchanged: a scorer's exec runs in the view twin, where the
// workspace is read-only; the sandbox keeps its files.
func TestKubernetesViewLeavesSandboxUnchanged(t *testing.T) {
	t.Parallel()
	k := newK8s(t, Config{})
	sb := enginetest.Sample(t, k, sandbox.SampleSpec{ID: "view", Epoch: 1, Files: map[string]string{"keep.txt": "original"}}).For("")
	v := sb.View()
	res, err := v.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c",
		"cat keep.txt; echo changed > keep.txt; rm -f .swarm/notes.md; touch /tmp/elsewhere; echo; cat keep.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "original\noriginal", res.Stdout)
	assert.Contains(t, res.Stderr, "Read-only file system")
	files, err := v.ListFiles(t.Context(), "")
	require.NoError(t, err)
	assert.Equal(t, []string{".swarm/notes.md", "keep.txt"}, files)
	_, err = sb.ReadFile(t.Context(), "/tmp/elsewhere")
	assert.Error(t, err, "the twin's own writes stay in the twin")
}

// TestKubernetesBadInput: each failure is a clear error, and nothing of the run is left.
func TestKubernetesBadInput(t *testing.T) {
	t.Parallel()
	c := needCluster(t)
	t.Run("unreachable API server", func(t *testing.T) {
		t.Parallel()
		_, err := New(t.Context(), Config{Image: k8sTestImage, Kubeconfig: writeKubeconfig(t, "https://127.0.0.1:1")})
		assert.ErrorContains(t, err, "the API server at https://127.0.0.1:1 does not answer")
	})
	t.Run("no kubeconfig", func(t *testing.T) {
		t.Parallel()
		_, err := New(t.Context(), Config{Image: k8sTestImage, Kubeconfig: filepath.Join(t.TempDir(), "none")})
		assert.ErrorContains(t, err, "no usable kubeconfig")
	})
	t.Run("bad quantity", func(t *testing.T) {
		t.Parallel()
		_, err := New(t.Context(), Config{Image: k8sTestImage, Memory: "lots"})
		assert.ErrorContains(t, err, `memory = "lots"`)
	})
	t.Run("missing image", func(t *testing.T) {
		t.Parallel()
		k := newK8s(t, Config{Image: "swarmhost.local/not-loaded:1"})
		_, err := k.Sample(t.Context(), sandbox.SampleSpec{ID: "img", Epoch: 1})
		assert.ErrorContains(t, err, `image "swarmhost.local/not-loaded:1"`)
		assert.ErrorContains(t, err, "ErrImageNeverPull")
		assert.Empty(t, runPods(t, c, k.Run()), "the pod is deleted")
	})
	t.Run("pod never ready", func(t *testing.T) {
		t.Parallel()
		k := newK8s(t, Config{CPU: "1000", ReadyTimeout: 2 * time.Second})
		_, err := k.Sample(t.Context(), sandbox.SampleSpec{ID: "big", Epoch: 1})
		assert.ErrorContains(t, err, "not running after 2s (ready_timeout)")
		assert.ErrorContains(t, err, "Insufficient cpu")
		assert.Empty(t, runPods(t, c, k.Run()), "the pod is deleted")
	})
	t.Run("container exits", func(t *testing.T) {
		t.Parallel()
		compose := enginetest.WriteCompose(t, "services:\n  default:\n    image: "+k8sTestImage+"\n    command: [\"sh\", \"-c\", \"echo bye; exit 4\"]\n")
		k := newK8s(t, Config{Compose: compose})
		_, err := k.Sample(t.Context(), sandbox.SampleSpec{ID: "exit", Epoch: 1})
		assert.ErrorContains(t, err, "exited 4")
		assert.Empty(t, runPods(t, c, k.Run()), "the pod is deleted")
	})
	t.Run("forbidden namespace", func(t *testing.T) {
		t.Parallel()
		nobody := filepath.Join(filepath.Dir(os.Getenv("KUBECONFIG")), "nobody.kubeconfig")
		if _, err := os.Stat(nobody); err != nil {
			t.Skipf("no credentials without rights (%s, written by scripts/k8s.sh)", nobody)
		}
		_, err := New(t.Context(), Config{Image: k8sTestImage, Kubeconfig: nobody, Namespace: "kube-system"})
		assert.ErrorContains(t, err, `not allowed to list pods in namespace "kube-system"`)
	})
}

// TestKubernetesSweepAfterKilledHost: a host killed mid-sample leaves its pod; the next provider
// started on this machine deletes it (enginetest.SweepAfterKilledHost).
func TestKubernetesSweepAfterKilledHost(t *testing.T) {
	t.Parallel()
	enginetest.SweepAfterKilledHost(t, kubernetesEngine(t))
}

// TestKubernetesHoldSample is TestKubernetesSweepAfterKilledHost's host (enginetest.HoldSample).
func TestKubernetesHoldSample(t *testing.T) {
	enginetest.HoldSample(t, kubernetesEngine)
}

// TestUpgradeFailedKnowsClientGoRefusal: the exec falls back to SPDY only on
// a refused upgrade, which client-go's websocket transport reports as
// k8s.io/streaming's UpgradeFailureError (apimachinery's deprecated type of
// the same name is another type, which errors.As never matches).
func TestUpgradeFailedKnowsClientGoRefusal(t *testing.T) {
	t.Parallel()
	refused := &httpstream.UpgradeFailureError{Cause: errors.New("bad handshake")}
	assert.True(t, upgradeFailed(refused), "a refused upgrade")
	assert.True(t, upgradeFailed(fmt.Errorf("exec: %w", refused)), "a wrapped refused upgrade")
	assert.False(t, upgradeFailed(errors.New("command exited 1")), "any other error: the command ran")
}

// TestKubernetesFrozen: a pod's leftover processes are killed at Freeze (enginetest.Frozen).
func TestKubernetesFrozen(t *testing.T) {
	t.Parallel()
	enginetest.Frozen(t, kubernetesEngine(t))
}
