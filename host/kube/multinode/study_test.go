package multinode

import (
	"context"
	"encoding/json"
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
	"k8s.io/client-go/util/retry"

	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
	"github.com/swarmhost/swarmhost/host/kube"
)

// studySuite is the suite the tests run: 12 samples × 2 epochs, 3 s each, one at a time.
var studySuite = filepath.Join("testdata", "study", "suite.hcl")

const (
	shards = 6
	// perShard is each shard's sample × epochs.
	perShard = 24 / shards
	// jobLimit bounds the wait for the Job: the study takes about 15 s a shard, the lost node about
	// 30 s more to be noticed.
	jobLimit = 6 * time.Minute
)

// TestShardedStudySurvivesLostPodAndNode runs the study as a 6-shard Job on a cluster of three
// nodes, logs on the ReadWriteMany claim. The shards spread two to a node. Once every shard has
// finished a sample, one shard's pod is deleted and a node (not the first, which serves the
// volume) is stopped, as a power cut would; once the control plane sees the node NotReady it is
// marked out of service, as an operator does for a node known to be down. Each shard so taken
// away is started again — on another node for the stopped one's — and continues its own log: the
// samples it had finished stay in the log as they were (same uuids: not run again), the Job
// completes, and the six logs merge into the log a single process writes of the same suite.
func TestShardedStudySurvivesLostPodAndNode(t *testing.T) {
	cl := needCluster(t)
	require.Len(t, cl.nodes, 3, "a cluster of three nodes (scripts/k8s.sh --instance %s start --nodes 3)", cl.instance)
	tag := fmt.Sprintf("swarmhost.local/study-test:%d", time.Now().UnixNano())
	s := buildStudy(t, cl, tag, filepath.Dir(studySuite))

	name := fmt.Sprintf("study-%d", time.Now().UnixNano()%1e9)
	manifest := filepath.Join(t.TempDir(), "job.yaml")
	code, _, errOut := s.run(t.Context(), "k8s", "job", studySuite, "--shards", fmt.Sprint(shards), "--image", tag,
		"--pull-policy", "Never", "--name", name, "--logs-claim", claim, "--memory", "256Mi", "--retries", "2", "-o", manifest)
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "claim", "the ReadWriteMany claim passes the check silently")

	single := runSingle(t, s)
	started := time.Now()
	job := createJob(t, cl, manifest)
	logDir := filepath.Join(cl.volumeDir, kube.LogDir(name, string(job.UID)))
	t.Cleanup(func() { _ = os.RemoveAll(filepath.Join(cl.volumeDir, name)) })

	pods, before := waitEveryShardProgressing(t, cl, name, logDir)
	perNode := map[string][]string{}
	for shard, p := range pods {
		perNode[p.Spec.NodeName] = append(perNode[p.Spec.NodeName], shard)
	}
	for _, n := range cl.nodes {
		assert.Len(t, perNode[n], 2, "the shards spread two to a node: %v", perNode)
	}

	// Take a shard's pod away on the second node, and the whole third node.
	victim := cl.nodes[2]
	require.NotEmpty(t, perNode[cl.nodes[1]])
	deleted := perNode[cl.nodes[1]][0]
	lost := perNode[victim]
	for _, shard := range append([]string{deleted}, lost...) {
		require.Less(t, len(before[shard]), perShard, "shard %s is still running when taken away", shard)
	}
	require.NoError(t, cl.c.Set.CoreV1().Pods(cl.c.Namespace).Delete(t.Context(), pods[deleted].Name, metav1.DeleteOptions{}))
	cl.script(t, "node-stop", victim)
	t.Cleanup(func() { cl.script(t, "start") }) // the node back, for the next run
	markOutOfService(t, cl, victim)

	final, complete := waitJob(t, cl, name, jobLimit)
	elapsed := time.Since(started)
	require.True(t, complete, "job %s: %+v\n%s", name, final.Status, podLogs(cl, name))
	assert.Equal(t, int32(1), final.Status.Failed,
		"the deleted pod counts towards its shard's retries; the lost node's pods, disrupted, do not")

	files, err := filepath.Glob(filepath.Join(logDir, "*.eval"))
	require.NoError(t, err)
	require.Len(t, files, shards, "one log per shard, each continued in place, none started twice")
	logs := shardLogs(t, logDir)
	require.Len(t, logs, shards, "a log of every shard: %v", files)
	after := map[string]corev1.Pod{}
	for _, p := range jobPods(t, cl, name) {
		if p.Status.Phase == corev1.PodSucceeded {
			after[shardOf(p)] = p
		}
	}
	for _, shard := range append([]string{deleted}, lost...) {
		l := logs[shard].log
		assert.Equal(t, evallog.StatusSuccess, l.Status, "shard %s", shard)
		assert.Len(t, l.Samples, perShard, "shard %s: every sample × epoch once", shard)
		kept := uuids(l)
		for key, uuid := range before[shard] {
			assert.Equal(t, uuid, kept[key], "shard %s: sample %s finished before, kept as it was (not run twice)", shard, key)
		}
		require.Contains(t, after, shard)
		assert.NotEqual(t, pods[shard].UID, after[shard].UID, "shard %s finished in a new pod", shard)
	}
	for _, shard := range lost {
		assert.NotEqual(t, victim, after[shard].Spec.NodeName, "shard %s started again on another node", shard)
	}

	paths := make([]string, 0, len(logs))
	for _, l := range logs {
		paths = append(paths, l.path)
	}
	code, out, errOut := s.run(t.Context(), append([]string{"log", "merge", "--json", "--log-dir", t.TempDir()}, paths...)...)
	require.Equal(t, 0, code, out+errOut)
	one := <-single
	require.NoError(t, one.err)
	assert.Equal(t, logcompare.Normalised(t, one.log), logcompare.Normalised(t, logOf(t, out)),
		"the shards merge into the log one process writes")
	t.Logf("%d shards on %d nodes, a pod deleted and a node stopped: %s; the same suite in one process: %s; "+
		"failed pods counted by the Job: %d", shards, len(cl.nodes), elapsed.Round(time.Second),
		one.took.Round(time.Second), final.Status.Failed)
}

// singleRun is the study run in one process on this machine.
type singleRun struct {
	log  string
	took time.Duration
	err  error
}

// runSingle runs the study in one process, beside the Job, and hands its log over when done.
func runSingle(t *testing.T, s study) <-chan singleRun {
	t.Helper()
	done := make(chan singleRun, 1)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), jobLimit)
	t.Cleanup(cancel)
	go func() {
		start := time.Now()
		code, out, errOut := s.run(ctx, "run", "--json", "--log-dir", dir, studySuite)
		r := singleRun{took: time.Since(start)}
		if code != 0 {
			r.err = fmt.Errorf("swarmhost run: exit %d: %s", code, errOut)
		} else {
			var sum struct{ Log string }
			r.err = json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &sum)
			r.log = sum.Log
		}
		done <- r
	}()
	return done
}

// logOf is the log a --json command names.
func logOf(t *testing.T, out string) string {
	t.Helper()
	var sum struct{ Log string }
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &sum), out)
	return sum.Log
}

// waitEveryShardProgressing waits until each shard's pod runs and its log holds a finished sample,
// and returns the pods and the samples finished so far (sample/epoch → uuid), by shard index.
func waitEveryShardProgressing(t *testing.T, cl *cluster, job, logDir string) (map[string]corev1.Pod, map[string]map[string]string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		pods := map[string]corev1.Pod{}
		for _, p := range jobPods(t, cl, job) {
			if p.Status.Phase == corev1.PodRunning {
				pods[shardOf(p)] = p
			}
		}
		finished := map[string]map[string]string{}
		for shard, l := range shardLogs(t, logDir) {
			if len(l.log.Samples) > 0 {
				finished[shard] = uuids(l.log)
			}
		}
		if len(pods) == shards && len(finished) == shards {
			return pods, finished
		}
		if time.Now().After(deadline) {
			t.Fatalf("not every shard running with a finished sample after 3 minutes: pods %d, logs %d\n%s",
				len(pods), len(finished), podLogs(cl, job))
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// shardLog is one shard's log as read from the volume.
type shardLog struct {
	path string
	log  *evallog.EvalLog
}

// shardLogs reads the shards' logs in dir (as far as written: a log being appended reads up to its
// last whole sample), by shard index; a log caught mid-write is left for the next look.
func shardLogs(t *testing.T, dir string) map[string]shardLog {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.eval"))
	require.NoError(t, err)
	out := map[string]shardLog{}
	for _, p := range paths {
		l, _, err := evallog.ReadRepaired(p)
		if err != nil {
			continue
		}
		sh, err := eval.ShardOf(l)
		require.NoError(t, err, p)
		out[fmt.Sprint(sh.Index)] = shardLog{path: p, log: l}
	}
	return out
}

// uuids maps a log's samples (id/epoch) to their uuids, drawn afresh each time a sample runs.
func uuids(l *evallog.EvalLog) map[string]string {
	m := map[string]string{}
	for _, s := range l.Samples {
		m[fmt.Sprintf("%v/%d", s.ID, s.Epoch)] = s.UUID
	}
	return m
}

// markOutOfService waits for the stopped node to be seen NotReady, then taints it out of service:
// Kubernetes' word for "this node is down, not just unreachable", on which its pods are failed and
// deleted, so that their Job starts them again elsewhere.
func markOutOfService(t *testing.T, cl *cluster, node string) {
	t.Helper()
	nodes := cl.c.Set.CoreV1().Nodes()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		n, err := nodes.Get(t.Context(), node, metav1.GetOptions{})
		require.NoError(t, err)
		if !nodeReady(n) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node %s still Ready 2 minutes after it stopped", node)
		}
		time.Sleep(time.Second)
	}
	require.NoError(t, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		n, err := nodes.Get(t.Context(), node, metav1.GetOptions{})
		if err != nil {
			return err
		}
		n.Spec.Taints = append(n.Spec.Taints, corev1.Taint{Key: corev1.TaintNodeOutOfService, Value: "nodeshutdown",
			Effect: corev1.TaintEffectNoExecute})
		_, err = nodes.Update(t.Context(), n, metav1.UpdateOptions{})
		return err
	}))
}

func nodeReady(n *corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}
