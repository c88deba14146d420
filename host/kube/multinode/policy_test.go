package multinode

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/swarmhost/swarmhost/host/kube"
)

// TestJobRefusesAReadWriteOnceClaim: on a cluster of three nodes, `swarmhost k8s job` looks the
// logs claim up and refuses a ReadWriteOnce one (shards on the other nodes could not mount it),
// naming the volumes that work; --check-claim=false writes the Job anyway.
func TestJobRefusesAReadWriteOnceClaim(t *testing.T) {
	t.Parallel()
	cl := needCluster(t)
	name := fmt.Sprintf("rwo-%d", time.Now().UnixNano()%1e9)
	claims := cl.c.Set.CoreV1().PersistentVolumeClaims(cl.c.Namespace)
	_, err := claims.Create(t.Context(), &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: corev1.PersistentVolumeClaimSpec{AccessModes: []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
			Resources: corev1.VolumeResourceRequirements{Requests: corev1.ResourceList{
				corev1.ResourceStorage: resource.MustParse("1Gi")}}}}, metav1.CreateOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = claims.Delete(context.Background(), name, metav1.DeleteOptions{}) })

	s := study{bin: hostBinaries(t), kubeconfig: cl.kubeconfig}
	args := []string{"k8s", "job", studySuite, "--shards", "6", "--image", "registry.example/study:1", "--logs-claim", name}
	code, out, errOut := s.run(t.Context(), args...)
	assert.Equal(t, 2, code, out)
	assert.Contains(t, errOut, fmt.Sprintf("claim %s is ReadWriteOnce: one node at a time can mount it, and the cluster has 3 nodes", name))
	assert.Contains(t, errOut, "use a ReadWriteMany claim ("+kube.RWXClasses+")")
	assert.Empty(t, out, "no manifest")

	code, out, errOut = s.run(t.Context(), append(args, "--check-claim=false")...)
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "claimName: "+name)
}

// TestJobFailsAtOnceOnARefusedSuite: a shard whose swarmhost refuses the suite (exit code 2: here
// the suite is not where the image was said to hold it) fails the whole Job at once, through the
// Job's failure policy, without starting the shard again.
func TestJobFailsAtOnceOnARefusedSuite(t *testing.T) {
	t.Parallel()
	cl := needCluster(t)
	tag := fmt.Sprintf("swarmhost.local/study-test:%d", time.Now().UnixNano())
	s := buildStudy(t, cl, tag, filepath.Dir(studySuite))
	name := fmt.Sprintf("refused-%d", time.Now().UnixNano()%1e9)
	manifest := filepath.Join(t.TempDir(), "job.yaml")
	code, _, errOut := s.run(t.Context(), "k8s", "job", studySuite, "--shards", "2", "--image", tag, "--pull-policy", "Never",
		"--name", name, "--logs-claim", claim, "--suite-dir", "/opt/swarmhost/nowhere", "--retries", "3", "-o", manifest)
	require.Equal(t, 0, code, errOut)
	createJob(t, cl, manifest)
	t.Cleanup(func() { _ = os.RemoveAll(filepath.Join(cl.volumeDir, name)) })

	job, complete := waitJob(t, cl, name, 3*time.Minute)
	require.False(t, complete)
	var reason string
	for _, c := range job.Status.Conditions {
		if c.Type == batchv1.JobFailed {
			reason = c.Reason
		}
	}
	assert.Equal(t, batchv1.JobReasonPodFailurePolicy, reason, "the failure policy failed the Job: %+v", job.Status)
	perShard := map[string]int{}
	for _, p := range jobPods(t, cl, name) {
		perShard[shardOf(p)]++
	}
	for shard, n := range perShard {
		assert.Equal(t, 1, n, "shard %s was not started again", shard)
	}
}
