package kube

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

func validSpec() JobSpec {
	return JobSpec{Name: "study", Image: "registry.example/study:1", Shards: 4, Suite: "/opt/swarmhost/suite/suite.hcl",
		LogsClaim: "logs"}
}

func TestJobSpecCheck(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		edit func(*JobSpec)
		want string
	}{
		"valid":           {edit: func(*JobSpec) {}},
		"bad name":        {edit: func(s *JobSpec) { s.Name = "Study_1" }, want: "--name"},
		"no image":        {edit: func(s *JobSpec) { s.Image = "" }, want: "--image"},
		"no shards":       {edit: func(s *JobSpec) { s.Shards = 0 }, want: "--shards 0"},
		"bad retries":     {edit: func(s *JobSpec) { s.Retries = -1 }, want: "--retries -1"},
		"two log volumes": {edit: func(s *JobSpec) { s.LogsHostPath = "/logs" }, want: "exactly one of --logs-claim"},
		"no log volume":   {edit: func(s *JobSpec) { s.LogsClaim = "" }, want: "exactly one of --logs-claim"},
		"relative path":   {edit: func(s *JobSpec) { s.LogsClaim, s.LogsHostPath = "", "logs" }, want: "absolute path"},
		"bad cpu":         {edit: func(s *JobSpec) { s.CPU = "many" }, want: `--cpu "many"`},
		"bad memory":      {edit: func(s *JobSpec) { s.Memory = "1 GB" }, want: `--memory "1 GB"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := validSpec()
			tc.edit(&s)
			err := s.Check()
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// TestJobManifest: the YAML is an Indexed Job whose pods run one shard each, the index from the
// completion-index annotation, logs to the Job's own directory of the volume, each shard
// continuing its log when its pod is started again.
func TestJobManifest(t *testing.T) {
	t.Parallel()
	s := validSpec()
	s.Evals, s.Vars, s.Limit, s.CPU, s.Memory, s.Parallelism = []string{"e"}, []string{"n=2"}, 5, "1", "1Gi", 2
	s.Retries = 3
	b, err := s.YAML()
	require.NoError(t, err)
	var job batchv1.Job
	require.NoError(t, yaml.Unmarshal(b, &job))
	assert.Equal(t, batchv1.IndexedCompletion, *job.Spec.CompletionMode)
	assert.Equal(t, int32(4), *job.Spec.Completions)
	assert.Equal(t, int32(2), *job.Spec.Parallelism)
	pod := job.Spec.Template.Spec
	require.Len(t, pod.Containers, 1)
	c := pod.Containers[0]
	assert.Equal(t, []string{"/opt/swarmhost/bin/swarmhost"}, c.Command)
	assert.Equal(t, []string{"run", "/opt/swarmhost/suite/suite.hcl", "--shard", "$(SWARMHOST_SHARD_INDEX)/4",
		"--log-dir", "/logs/study/$(SWARMHOST_JOB_UID)", "--resume", "auto", "--eval", "e", "--var", "n=2", "--limit", "5"}, c.Args)
	assert.Equal(t, ShardIndexEnv, c.Env[0].Name)
	assert.Equal(t, "metadata.annotations['batch.kubernetes.io/job-completion-index']", c.Env[0].ValueFrom.FieldRef.FieldPath)
	assert.Equal(t, JobUIDEnv, c.Env[1].Name)
	assert.Equal(t, "metadata.labels['batch.kubernetes.io/controller-uid']", c.Env[1].ValueFrom.FieldRef.FieldPath)
	assert.Equal(t, "/opt/swarmhost/bin", c.Env[2].Value)
	assert.Equal(t, "1Gi", c.Resources.Limits.Memory().String())
	assert.Equal(t, "logs", pod.Volumes[0].PersistentVolumeClaim.ClaimName)
	assert.Equal(t, LogMount, c.VolumeMounts[0].MountPath)
	assert.Equal(t, ManagedBy, job.Labels[LabelManaged])
	assert.NotRegexp(t, `(?m)^status:`, string(b), "no empty status")
}

// TestJobFailurePolicy: which failed shard pods start again. A disruption (eviction, preemption,
// the node lost) is retried without counting; a refused suite (exit 2) fails the Job; anything
// else counts towards the shard's own retries. The new pod waits for the old one to end.
func TestJobFailurePolicy(t *testing.T) {
	t.Parallel()
	s := validSpec()
	s.Retries = 2
	job, err := s.Job()
	require.NoError(t, err)
	spec := job.Spec
	assert.Nil(t, spec.BackoffLimit, "per index, not for the whole Job")
	assert.Equal(t, int32(2), *spec.BackoffLimitPerIndex)
	assert.Equal(t, batchv1.Failed, *spec.PodReplacementPolicy, "never two pods of one shard at once")
	assert.Equal(t, corev1.RestartPolicyNever, spec.Template.Spec.RestartPolicy, "a failure policy needs Never")
	rules := spec.PodFailurePolicy.Rules
	require.Len(t, rules, 2)
	assert.Equal(t, batchv1.PodFailurePolicyActionIgnore, rules[0].Action)
	assert.Equal(t, []batchv1.PodFailurePolicyOnPodConditionsPattern{{Type: corev1.DisruptionTarget,
		Status: corev1.ConditionTrue}}, rules[0].OnPodConditions)
	assert.Equal(t, batchv1.PodFailurePolicyActionFailJob, rules[1].Action)
	assert.Equal(t, ContainerName, *rules[1].OnExitCodes.ContainerName)
	assert.Equal(t, batchv1.PodFailurePolicyOnExitCodesOpIn, rules[1].OnExitCodes.Operator)
	assert.Equal(t, []int32{ExitUsage}, rules[1].OnExitCodes.Values)
	spread := spec.Template.Spec.TopologySpreadConstraints
	require.Len(t, spread, 1, "shards spread over the nodes")
	assert.Equal(t, corev1.LabelHostname, spread[0].TopologyKey)
	assert.Equal(t, corev1.ScheduleAnyway, spread[0].WhenUnsatisfiable)
	assert.Equal(t, job.Spec.Template.Labels, spread[0].LabelSelector.MatchLabels)
}
