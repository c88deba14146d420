package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestKubernetesFiles(t *testing.T) {
	t.Parallel()
	k := newK8s(t, KubernetesConfig{})
	set := k8sSample(t, k, SampleSpec{ID: "files", Epoch: 1, Members: []string{"m"},
		Files: map[string]string{"problem.txt": "91", "deep/er/data.txt": "data:,hello%20there"},
		Setup: "ln -s deep/er/data.txt link.txt && echo set > setup.txt"})
	sb := set.For("m")
	ctx := t.Context()
	for path, want := range map[string]string{"problem.txt": "91", "deep/er/data.txt": "hello there", "link.txt": "hello there",
		"/workspace/setup.txt": "set\n", NotesFile: ""} {
		got, err := sb.ReadFile(ctx, path)
		require.NoError(t, err, path)
		assert.Equal(t, want, string(got), path)
	}
	require.NoError(t, sb.WriteFile(ctx, "new/dir/f.txt", []byte("crlf\r\nbytes\x00")))
	got, err := sb.ReadFile(ctx, "new/dir/f.txt")
	require.NoError(t, err)
	assert.Equal(t, "crlf\r\nbytes\x00", string(got))
	files, err := sb.ListFiles(ctx, "")
	require.NoError(t, err)
	assert.Equal(t, []string{".swarm/notes.md", "deep/er/data.txt", "link.txt", "new/dir/f.txt", "problem.txt", "setup.txt"}, files)
	_, err = sb.ReadFile(ctx, "deep")
	assert.ErrorContains(t, err, "s a directory")
	_, err = sb.ReadFile(ctx, "nope.txt")
	assert.ErrorContains(t, err, "No such file")
	res, err := sb.Exec(ctx, ExecRequest{Command: []string{"ls", ".swarm/scratch"}})
	require.NoError(t, err)
	assert.Equal(t, "m\n", res.Stdout, "the filesystem channel's scratch dirs")
}

// TestKubernetesExec: pods/exec keeps stdin, stdout and stderr apart, reports the exit code, ends a
// command (and what it started) at its timeout, and never runs a command twice.
func TestKubernetesExec(t *testing.T) {
	t.Parallel()
	k := newK8s(t, KubernetesConfig{})
	sb := k8sSample(t, k, SampleSpec{ID: "exec", Epoch: 1}).For("")
	cases := map[string]struct {
		req            ExecRequest
		stdout, stderr string
		code           int
		timedOut       bool
	}{
		"streams apart":  {req: ExecRequest{Command: []string{"sh", "-c", "echo out; echo err >&2; exit 3"}}, stdout: "out\n", stderr: "err\n", code: 3},
		"stdin":          {req: ExecRequest{Command: []string{"sh", "-c", "tr a-z A-Z"}, Input: "hello\n"}, stdout: "HELLO\n"},
		"environment":    {req: ExecRequest{Command: []string{"sh", "-c", "echo $GREETING"}, Env: []string{"GREETING=hi"}}, stdout: "hi\n"},
		"working dir":    {req: ExecRequest{Command: []string{"pwd"}}, stdout: "/workspace\n"},
		"signal":         {req: ExecRequest{Command: []string{"sh", "-c", "kill -TERM $$"}}, code: 128 + 15},
		"timeout":        {req: ExecRequest{Command: []string{"sh", "-c", "sleep 301 & echo started; wait"}, Timeout: time.Second}, stdout: "started\n", code: 128 + 9, timedOut: true},
		"missing binary": {req: ExecRequest{Command: []string{"no-such-program"}}, code: 127},
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
	res, err := sb.Exec(t.Context(), ExecRequest{Command: []string{"sh", "-c", "ps -o args | grep -c '[s]leep 301' || true"}})
	require.NoError(t, err)
	assert.Equal(t, "0\n", res.Stdout, "the timed-out command's children were killed")
	res, err = sb.Exec(t.Context(), ExecRequest{Command: []string{"sh", "-c", "echo ran >> once.txt; exit 1"}})
	require.NoError(t, err)
	assert.Equal(t, 1, res.ExitCode)
	got, err := sb.ReadFile(t.Context(), "once.txt")
	require.NoError(t, err)
	assert.Equal(t, "ran\n", string(got), "a failing command ran once (no fallback re-run)")
}

// TestKubernetesOutputCap: each stream keeps its last MaxOutput bytes.
func TestKubernetesOutputCap(t *testing.T) {
	t.Parallel()
	k := newK8s(t, KubernetesConfig{})
	sb := k8sSample(t, k, SampleSpec{ID: "cap", Epoch: 1}).For("")
	res, err := sb.Exec(t.Context(), ExecRequest{Command: []string{"sh", "-c",
		fmt.Sprintf("head -c %d /dev/zero; echo end", MaxOutput+4096)}})
	require.NoError(t, err)
	assert.LessOrEqual(t, len(res.Stdout), MaxOutput+200)
	assert.True(t, strings.HasSuffix(res.Stdout, "end\n"))
}

// TestKubernetesSampleRemovedAtClose: one pod per sample, a container per sandbox (and its view
// twin), labelled and annotated; none is left once the sample is closed.
func TestKubernetesSampleRemovedAtClose(t *testing.T) {
	t.Parallel()
	c := needCluster(t)
	k := newK8s(t, KubernetesConfig{PerMember: true, CPU: "50m", Memory: "32Mi"})
	set, err := k.Sample(t.Context(), SampleSpec{ID: "q/1 with spaces", Epoch: 2, Members: []string{"a", "b_2"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"", "a", "b_2"}, set.Names())
	pods := runPods(t, c, k.Run())
	require.Len(t, pods, 1)
	p := pods[0]
	assert.Equal(t, "q/1 with spaces", p.Annotations[K8sAnnotationSample])
	assert.Equal(t, "2", p.Labels[K8sLabelEpoch])
	assert.Equal(t, "swarmhost", p.Labels[K8sLabelManaged])
	assert.Equal(t, "none", p.Labels[K8sLabelNetwork])
	assert.Equal(t, ownerLabel(), p.Annotations[K8sAnnotationOwner])
	assert.Equal(t, "sandbox-0=\nsandbox-1=a\nsandbox-2=b_2", p.Annotations[K8sAnnotationSandboxes])
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
		k, err := NewKubernetes(t.Context(), KubernetesConfig{Image: k8sTestImage, PullPolicy: corev1.PullNever, Network: network})
		require.NoError(t, err)
		sel := metav1.ListOptions{LabelSelector: K8sLabelRun + "=" + k.Run()}
		list, err := c.Set.NetworkingV1().NetworkPolicies(c.Namespace).List(t.Context(), sel)
		require.NoError(t, err)
		if network {
			assert.Empty(t, list.Items)
		} else {
			require.Len(t, list.Items, 1)
			np := list.Items[0].Spec
			assert.Equal(t, map[string]string{K8sLabelRun: k.Run(), K8sLabelNetwork: "none"}, np.PodSelector.MatchLabels)
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

// TestKubernetesComparator is the comparator pattern: each member works in its own service on a
// volume of its own; the comparator sees every member's workspace read-only.
func TestKubernetesComparator(t *testing.T) {
	t.Parallel()
	compose := writeCompose(t, `
services:
  default:
    image: `+k8sTestImage+`
  alice:
    image: `+k8sTestImage+`
    volumes: ["alice:/workspace"]
  bob:
    image: `+k8sTestImage+`
    volumes: ["bob:/workspace"]
    environment: {ROLE: prover}
    mem_limit: 64m
  comparator:
    image: `+k8sTestImage+`
    volumes: ["alice:/answers/alice:ro", "bob:/answers/bob:ro"]
volumes:
  alice: {}
  bob: {}
`)
	k := newK8s(t, KubernetesConfig{Compose: compose, PerMember: true})
	set := k8sSample(t, k, SampleSpec{ID: "cmp", Epoch: 1, Members: []string{"alice", "bob"},
		Files: map[string]string{"problem.txt": "91"}})
	assert.Equal(t, []string{"", "alice", "bob", "comparator"}, set.Names())
	ctx := t.Context()
	require.NoError(t, set.For("alice").WriteFile(ctx, "answer.txt", []byte("7")))
	require.NoError(t, set.For("bob").WriteFile(ctx, "answer.txt", []byte("13")))
	res, err := set.For("bob").Exec(ctx, ExecRequest{Command: []string{"sh", "-c", "echo $ROLE; cat problem.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "prover\n91", res.Stdout)
	cmp, err := set.Named("comparator")
	require.NoError(t, err)
	res, err = cmp.Exec(ctx, ExecRequest{Command: []string{"sh", "-c",
		"cat /answers/alice/answer.txt /answers/bob/answer.txt; echo x > /answers/alice/answer.txt"}})
	require.NoError(t, err)
	assert.Equal(t, "713", res.Stdout)
	assert.NotZero(t, res.ExitCode, "the answers are read-only: %s", res.Stderr)
	got, err := set.For("alice").ReadFile(ctx, "answer.txt")
	require.NoError(t, err)
	assert.Equal(t, "7", string(got))
	_, err = set.For("alice").ReadFile(ctx, "/answers/bob/answer.txt")
	assert.Error(t, err, "a member does not see another's workspace")
}

// TestKubernetesViewLeavesSandboxUnchanged: a scorer's exec runs in the view twin, where the
// workspace is read-only; the sandbox keeps its files.
func TestKubernetesViewLeavesSandboxUnchanged(t *testing.T) {
	t.Parallel()
	k := newK8s(t, KubernetesConfig{})
	sb := k8sSample(t, k, SampleSpec{ID: "view", Epoch: 1, Files: map[string]string{"keep.txt": "original"}}).For("")
	v := sb.View()
	res, err := v.Exec(t.Context(), ExecRequest{Command: []string{"sh", "-c",
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
		_, err := NewKubernetes(t.Context(), KubernetesConfig{Image: k8sTestImage, Kubeconfig: writeKubeconfig(t, "https://127.0.0.1:1")})
		assert.ErrorContains(t, err, "the API server at https://127.0.0.1:1 does not answer")
	})
	t.Run("no kubeconfig", func(t *testing.T) {
		t.Parallel()
		_, err := NewKubernetes(t.Context(), KubernetesConfig{Image: k8sTestImage, Kubeconfig: filepath.Join(t.TempDir(), "none")})
		assert.ErrorContains(t, err, "no usable kubeconfig")
	})
	t.Run("bad quantity", func(t *testing.T) {
		t.Parallel()
		_, err := NewKubernetes(t.Context(), KubernetesConfig{Image: k8sTestImage, Memory: "lots"})
		assert.ErrorContains(t, err, `memory = "lots"`)
	})
	t.Run("missing image", func(t *testing.T) {
		t.Parallel()
		k := newK8s(t, KubernetesConfig{Image: "swarmhost.local/not-loaded:1"})
		_, err := k.Sample(t.Context(), SampleSpec{ID: "img", Epoch: 1})
		assert.ErrorContains(t, err, `image "swarmhost.local/not-loaded:1"`)
		assert.ErrorContains(t, err, "ErrImageNeverPull")
		assert.Empty(t, runPods(t, c, k.Run()), "the pod is deleted")
	})
	t.Run("pod never ready", func(t *testing.T) {
		t.Parallel()
		k := newK8s(t, KubernetesConfig{CPU: "1000", ReadyTimeout: 2 * time.Second})
		_, err := k.Sample(t.Context(), SampleSpec{ID: "big", Epoch: 1})
		assert.ErrorContains(t, err, "not running after 2s (ready_timeout)")
		assert.ErrorContains(t, err, "Insufficient cpu")
		assert.Empty(t, runPods(t, c, k.Run()), "the pod is deleted")
	})
	t.Run("container exits", func(t *testing.T) {
		t.Parallel()
		compose := writeCompose(t, "services:\n  default:\n    image: "+k8sTestImage+"\n    command: [\"sh\", \"-c\", \"echo bye; exit 4\"]\n")
		k := newK8s(t, KubernetesConfig{Compose: compose})
		_, err := k.Sample(t.Context(), SampleSpec{ID: "exit", Epoch: 1})
		assert.ErrorContains(t, err, "exited 4")
		assert.Empty(t, runPods(t, c, k.Run()), "the pod is deleted")
	})
	t.Run("forbidden namespace", func(t *testing.T) {
		t.Parallel()
		nobody := filepath.Join(filepath.Dir(os.Getenv("KUBECONFIG")), "nobody.kubeconfig")
		if _, err := os.Stat(nobody); err != nil {
			t.Skipf("no credentials without rights (%s, written by scripts/k8s.sh)", nobody)
		}
		_, err := NewKubernetes(t.Context(), KubernetesConfig{Image: k8sTestImage, Kubeconfig: nobody, Namespace: "kube-system"})
		assert.ErrorContains(t, err, `not allowed to list pods in namespace "kube-system"`)
	})
}

// TestKubernetesSweepAfterKilledHost: a host killed mid-sample leaves its pod; the next provider
// started on this machine deletes it.
func TestKubernetesSweepAfterKilledHost(t *testing.T) {
	t.Parallel()
	c := needCluster(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKubernetesHoldSample$", "-test.count=1")
	cmd.Env = append(os.Environ(), "SWARMHOST_TEST_HOLD_SAMPLE=1")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	run := readLine(t, out)
	require.NotEmpty(t, runPods(t, c, run), "the held sample's pod runs")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	require.NotEmpty(t, runPods(t, c, run), "killing the host leaves it")
	newK8s(t, KubernetesConfig{})
	assert.Empty(t, runPods(t, c, run), "the next start swept it")
}

// TestKubernetesHoldSample is TestKubernetesSweepAfterKilledHost's host.
func TestKubernetesHoldSample(t *testing.T) {
	if os.Getenv("SWARMHOST_TEST_HOLD_SAMPLE") == "" {
		t.Skip("run by TestKubernetesSweepAfterKilledHost")
	}
	k := newK8s(t, KubernetesConfig{Run: "held-" + randomID()})
	k8sSample(t, k, SampleSpec{ID: "held", Epoch: 1})
	os.Stdout.WriteString(k.Run() + "\n")
	select {}
}
