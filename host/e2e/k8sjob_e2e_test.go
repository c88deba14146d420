package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/kube"
)

// jobWait bounds the wait for the sharded Job's pods to finish.
const jobWait = 5 * time.Minute

// needClusterCLI returns a client of the cluster KUBECONFIG names, skipping without one — or
// failing, under CI or SWARMHOST_EXPECT_K8S (.ci/run starts the cluster with scripts/k8s.sh).
func needClusterCLI(t *testing.T) *kube.Client {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test needs a kubernetes cluster")
	}
	c, err := kube.Connect(kube.Target{})
	if err == nil {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		_, err = c.Set.Discovery().RESTClient().Get().AbsPath("/version").Do(ctx).Raw()
	}
	if err != nil {
		if os.Getenv("CI") == "true" || os.Getenv("SWARMHOST_EXPECT_K8S") != "" {
			t.Fatalf("the sharded-job test needs a cluster (as root: scripts/k8s.sh start): %v", err)
		}
		t.Skipf("no cluster (as root: scripts/k8s.sh start, then KUBECONFIG=/tmp/swarmhost-k8s/kubeconfig): %v", err)
	}
	return c
}

// TestK8sJobShardsMergeToOneRun builds an image holding swarmhost, its plugins and the shard suite,
// loads it into the local cluster, runs the suite as a 4-shard Indexed Job (the manifest `swarmhost
// k8s job` writes), merges the four logs the pods wrote and compares the result with a run of the
// suite in this process.
func TestK8sJobShardsMergeToOneRun(t *testing.T) {
	t.Parallel()
	c := needClusterCLI(t)
	tag := fmt.Sprintf("swarmhost.local/swarmhost-test:%d", time.Now().UnixNano())
	loadSwarmhostImage(t, tag, shardSuite)

	logs := t.TempDir()
	name := fmt.Sprintf("swarmhost-shards-%d", time.Now().UnixNano()%1e9)
	manifest := filepath.Join(t.TempDir(), "job.yaml")
	code, out, errOut := runCLI(t, "k8s", "job", shardSuite, "--shards", "4", "--image", tag, "--pull-policy", "Never",
		"--name", name, "--logs-host-path", logs, "--memory", "256Mi", "-o", manifest)
	require.Equal(t, cli.ExitOK, code, out+errOut)
	runJob(t, c, manifest)

	// the default format, in the Job's own directory: NAME/UID
	shards, err := filepath.Glob(filepath.Join(logs, name, "*", "*.eval"))
	require.NoError(t, err)
	require.Len(t, shards, 4, "one log per shard pod")
	merged := t.TempDir()
	code, stdout, errOut := runCLI(t, append([]string{"log", "merge", "--json", "--log-dir", merged}, shards...)...)
	require.Equal(t, cli.ExitOK, code, stdout+errOut)
	// the single run in the shards' format, so both are read the same way
	code, single, errOut := runCLI(t, "run", "--json", "--log-dir", t.TempDir(), shardSuite)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, logcompare.Normalised(t, jsonLine(t, single)["log"].(string)), logcompare.Normalised(t, jsonLine(t, stdout)["log"].(string)))
}

// runJob creates the Job of the manifest, waits for it to complete and deletes it with its pods.
func runJob(t *testing.T, c *kube.Client, manifest string) {
	t.Helper()
	data, err := os.ReadFile(manifest)
	require.NoError(t, err)
	var job batchv1.Job
	require.NoError(t, yaml.Unmarshal(data, &job))
	jobs := c.Set.BatchV1().Jobs(c.Namespace)
	_, err = jobs.Create(t.Context(), &job, metav1.CreateOptions{})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = jobs.Delete(context.Background(), job.Name, metav1.DeleteOptions{PropagationPolicy: ptr.To(metav1.DeletePropagationBackground)})
	})
	deadline := time.Now().Add(jobWait)
	for {
		got, err := jobs.Get(t.Context(), job.Name, metav1.GetOptions{})
		require.NoError(t, err)
		for _, cond := range got.Status.Conditions {
			if cond.Status != corev1.ConditionTrue {
				continue
			}
			if cond.Type == batchv1.JobComplete {
				return
			}
			if cond.Type == batchv1.JobFailed {
				t.Fatalf("job %s failed: %s %s\n%s", job.Name, cond.Reason, cond.Message, podLogs(t, c, job.Name))
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s not complete after %s: %+v\n%s", job.Name, jobWait, got.Status, podLogs(t, c, job.Name))
		}
		time.Sleep(time.Second)
	}
}

// podLogs is the output of the job's pods, for a failure's message.
func podLogs(t *testing.T, c *kube.Client, job string) string {
	pods, err := c.Set.CoreV1().Pods(c.Namespace).List(context.Background(), metav1.ListOptions{LabelSelector: "job-name=" + job})
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	for _, p := range pods.Items {
		raw, err := c.Set.CoreV1().Pods(c.Namespace).GetLogs(p.Name, &corev1.PodLogOptions{}).DoRaw(context.Background())
		fmt.Fprintf(&b, "--- %s (%s): %s %v\n", p.Name, p.Status.Phase, raw, err)
	}
	return b.String()
}

// loadSwarmhostImage builds swarmhost and every plugin statically into an image with the suite's
// directory at /opt/swarmhost/suite and imports it into the cluster's node (scripts/k8s.sh image).
func loadSwarmhostImage(t *testing.T, tag, suite string) {
	t.Helper()
	root := t.TempDir()
	require.NoError(t, os.Chmod(root, 0o755), "the layer's root is the image's /")
	bin := filepath.Join(root, "opt", "swarmhost", "bin")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	require.NoError(t, os.CopyFS(filepath.Join(root, "opt", "swarmhost", "suite"), os.DirFS(filepath.Dir(suite))))
	pkgs := map[string]string{"swarmhost": "./cmd/swarmhost"}
	mains, err := filepath.Glob(filepath.Join(testplugins.Root(), "plugins", "*", "*", "main.go"))
	require.NoError(t, err)
	for _, m := range mains {
		pkg := filepath.Dir(m)
		kind := strings.TrimSuffix(filepath.Base(filepath.Dir(pkg)), "s")
		rel, _ := filepath.Rel(testplugins.Root(), pkg)
		pkgs["swarmhost-"+kind+"-"+filepath.Base(pkg)] = "./" + rel
	}
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
	cmd := exec.Command("bash", filepath.Join(testplugins.Root(), "scripts", "k8s.sh"), "image", tag, root)
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "scripts/k8s.sh image: %s", b)
	t.Cleanup(func() {
		b, err := exec.Command("bash", filepath.Join(testplugins.Root(), "scripts", "k8s.sh"), "image-rm", tag).CombinedOutput()
		assert.NoError(t, err, "scripts/k8s.sh image-rm: %s", b)
	})
}
