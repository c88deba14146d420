package kube

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
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
// completion-index annotation, logs to the volume, never retried.
func TestJobManifest(t *testing.T) {
	t.Parallel()
	s := validSpec()
	s.Evals, s.Vars, s.Limit, s.CPU, s.Memory, s.Parallelism = []string{"e"}, []string{"n=2"}, 5, "1", "1Gi", 2
	b, err := s.YAML()
	require.NoError(t, err)
	var job batchv1.Job
	require.NoError(t, yaml.Unmarshal(b, &job))
	assert.Equal(t, batchv1.IndexedCompletion, *job.Spec.CompletionMode)
	assert.Equal(t, int32(4), *job.Spec.Completions)
	assert.Equal(t, int32(2), *job.Spec.Parallelism)
	assert.Equal(t, int32(0), *job.Spec.BackoffLimit)
	pod := job.Spec.Template.Spec
	require.Len(t, pod.Containers, 1)
	c := pod.Containers[0]
	assert.Equal(t, []string{"/opt/swarmhost/bin/swarmhost"}, c.Command)
	assert.Equal(t, []string{"run", "/opt/swarmhost/suite/suite.hcl", "--shard", "$(SWARMHOST_SHARD_INDEX)/4",
		"--log-dir", "/logs", "--eval", "e", "--var", "n=2", "--limit", "5"}, c.Args)
	assert.Equal(t, ShardIndexEnv, c.Env[0].Name)
	assert.Equal(t, "metadata.annotations['batch.kubernetes.io/job-completion-index']", c.Env[0].ValueFrom.FieldRef.FieldPath)
	assert.Equal(t, "/opt/swarmhost/bin", c.Env[1].Value)
	assert.Equal(t, "1Gi", c.Resources.Limits.Memory().String())
	assert.Equal(t, "logs", pod.Volumes[0].PersistentVolumeClaim.ClaimName)
	assert.Equal(t, LogMount, c.VolumeMounts[0].MountPath)
	assert.Equal(t, ManagedBy, job.Labels[LabelManaged])
	assert.NotContains(t, string(b), "status:")
}
