package multinode

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/kube"
)

// Environment variables: the instance of scripts/k8s.sh the tests run on, and whether its absence
// fails them.
const (
	instanceEnv = "SWARMHOST_K8S_MULTINODE"
	expectEnv   = "SWARMHOST_EXPECT_K8S_MULTINODE"
	// claim is the ReadWriteMany claim scripts/k8s.sh makes in namespace default.
	claim = "swarmhost-logs"
)

// cluster is the multi-node cluster of an instance of scripts/k8s.sh.
type cluster struct {
	instance, kubeconfig string
	// volumeDir holds the claim's files (the first node's directory its server exports).
	volumeDir string
	nodes     []string
	c         *kube.Client
}

// needCluster returns the cluster SWARMHOST_K8S_MULTINODE names, skipping without one, or failing
// under SWARMHOST_EXPECT_K8S_MULTINODE.
func needCluster(t *testing.T) *cluster {
	t.Helper()
	inst := os.Getenv(instanceEnv)
	if inst == "" {
		if os.Getenv(expectEnv) != "" {
			t.Fatalf("%s is set but %s names no cluster (as root: scripts/k8s.sh --instance multi start --nodes 3)",
				expectEnv, instanceEnv)
		}
		t.Skipf("no multi-node cluster: as root, scripts/k8s.sh --instance multi start --nodes 3, then %s=multi", instanceEnv)
	}
	cl := &cluster{instance: inst}
	cl.kubeconfig = strings.TrimPrefix(strings.TrimSpace(cl.script(t, "env")), "export KUBECONFIG=")
	c, err := kube.Connect(kube.Target{Kubeconfig: cl.kubeconfig, Namespace: "default"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	_, err = c.Set.Discovery().RESTClient().Get().AbsPath("/version").Do(ctx).Raw()
	require.NoError(t, err, "the cluster of instance %s does not answer (scripts/k8s.sh --instance %s status)", inst, inst)
	cl.c = c
	cl.nodes = strings.Fields(cl.script(t, "nodes"))
	cl.volumeDir = strings.TrimSpace(cl.script(t, "volume-dir"))
	return cl
}

// script runs scripts/k8s.sh --instance INSTANCE ARGS... and returns its output.
func (cl *cluster) script(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join(testplugins.Root(), "scripts", "k8s.sh"),
		"--instance", cl.instance}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), "scripts/k8s.sh %v: %s", args, errOut.String())
	return out.String()
}

// study is swarmhost built for the image and for this machine: its binaries' directory.
type study struct {
	bin, kubeconfig string
}

// buildStudy builds swarmhost and the plugins the study suite uses (static, as for any image),
// imports an image holding them at /opt/swarmhost/bin and the suite's directory at
// /opt/swarmhost/suite into every node as tag, and returns them for runs on this machine too.
func buildStudy(t *testing.T, cl *cluster, tag, suiteDir string) study {
	t.Helper()
	root := t.TempDir()
	require.NoError(t, os.Chmod(root, 0o755), "the layer's root is the image's /")
	bin := filepath.Join(root, "opt", "swarmhost", "bin")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	require.NoError(t, os.CopyFS(filepath.Join(root, "opt", "swarmhost", "suite"), os.DirFS(suiteDir)))
	goBuild(t, bin, map[string]string{"swarmhost": "./cmd/swarmhost", "swarmhost-agent-scripted": "./plugins/agents/scripted",
		"swarmhost-scorer-match": "./plugins/scorers/match", "swarmhost-controller-leaderless": "./plugins/controllers/leaderless"})
	cl.script(t, "image", tag, root)
	t.Cleanup(func() { cl.script(t, "image-rm", tag) })
	return study{bin: bin, kubeconfig: cl.kubeconfig}
}

// hostBinaries builds swarmhost alone, for commands that run no suite, and returns its directory.
func hostBinaries(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	goBuild(t, bin, map[string]string{"swarmhost": "./cmd/swarmhost"})
	return bin
}

// goBuild builds each package (binary name → package) into bin, static, as for any image.
func goBuild(t *testing.T, bin string, pkgs map[string]string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(pkgs))
	for out, pkg := range pkgs {
		wg.Go(func() {
			cmd := exec.Command("go", "build", "-tags", "grpcnotrace", "-o", filepath.Join(bin, out), pkg)
			cmd.Dir, cmd.Env = testplugins.Root(), append(os.Environ(), "CGO_ENABLED=0")
			if b, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

// run runs swarmhost on this machine with the cluster's kubeconfig and the study's plugins.
func (s study) run(ctx context.Context, args ...string) (code int, stdout, stderr string) {
	cmd := exec.CommandContext(ctx, filepath.Join(s.bin, "swarmhost"), args...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+s.kubeconfig, "SWARMHOST_PLUGIN_PATH="+s.bin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		code, errOut = -1, *bytes.NewBufferString(err.Error())
	}
	return code, out.String(), errOut.String()
}

// createJob creates the Job of the manifest file, deleted with its pods when the test ends.
func createJob(t *testing.T, cl *cluster, manifest string) *batchv1.Job {
	t.Helper()
	data, err := os.ReadFile(manifest)
	require.NoError(t, err)
	var job batchv1.Job
	require.NoError(t, yaml.Unmarshal(data, &job))
	jobs := cl.c.Set.BatchV1().Jobs(cl.c.Namespace)
	created, err := jobs.Create(t.Context(), &job, metav1.CreateOptions{})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = jobs.Delete(context.Background(), job.Name, metav1.DeleteOptions{PropagationPolicy: ptr.To(metav1.DeletePropagationBackground)})
	})
	return created
}

// waitJob waits for the Job to finish and returns its last state and whether it completed.
func waitJob(t *testing.T, cl *cluster, name string, limit time.Duration) (*batchv1.Job, bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		job, err := cl.c.Set.BatchV1().Jobs(cl.c.Namespace).Get(t.Context(), name, metav1.GetOptions{})
		require.NoError(t, err)
		for _, cond := range job.Status.Conditions {
			if cond.Status == corev1.ConditionTrue && (cond.Type == batchv1.JobComplete || cond.Type == batchv1.JobFailed) {
				return job, cond.Type == batchv1.JobComplete
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s not finished after %s: %+v\n%s", name, limit, job.Status, podLogs(cl, name))
		}
		time.Sleep(time.Second)
	}
}

// jobPods lists the Job's pods.
func jobPods(t *testing.T, cl *cluster, job string) []corev1.Pod {
	t.Helper()
	pods, err := cl.c.Set.CoreV1().Pods(cl.c.Namespace).List(t.Context(), metav1.ListOptions{LabelSelector: "job-name=" + job})
	require.NoError(t, err)
	return pods.Items
}

// shardOf is a Job pod's completion index.
func shardOf(p corev1.Pod) string { return p.Annotations[batchv1.JobCompletionIndexAnnotation] }

// podLogs is the output of the job's pods, for a failure's message.
func podLogs(cl *cluster, job string) string {
	pods, err := cl.c.Set.CoreV1().Pods(cl.c.Namespace).List(context.Background(), metav1.ListOptions{LabelSelector: "job-name=" + job})
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	for _, p := range pods.Items {
		raw, err := cl.c.Set.CoreV1().Pods(cl.c.Namespace).GetLogs(p.Name, &corev1.PodLogOptions{}).DoRaw(context.Background())
		fmt.Fprintf(&b, "--- %s shard %s on %s (%s): %s %v\n", p.Name, shardOf(p), p.Spec.NodeName, p.Status.Phase, raw, err)
	}
	return b.String()
}
