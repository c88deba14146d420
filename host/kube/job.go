package kube

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"
)

// Labels swarmhost puts on what it creates.
const (
	LabelManaged = "app.kubernetes.io/managed-by"
	ManagedBy    = "swarmhost"
	LabelJob     = "swarmhost.dev/job"
	// ShardIndexEnv is the job's shard index in each pod: the Job's completion index.
	ShardIndexEnv = "SWARMHOST_SHARD_INDEX"
	// LogMount is where each shard pod writes its log.
	LogMount = "/logs"
)

// JobSpec describes the Indexed Job that runs a suite's evals in Shards pods, each shard i
// running `swarmhost run SUITE --shard i/Shards --log-dir /logs`. The image holds swarmhost, the
// plugins (on PluginPath) and the suite (at Suite, inside the image).
type JobSpec struct {
	Name      string
	Namespace string
	Image     string
	// PullPolicy is the image pull policy; default IfNotPresent.
	PullPolicy corev1.PullPolicy
	Shards     int
	// Parallelism caps the pods running at once; default Shards.
	Parallelism int
	// Suite is the suite's path inside the image; Binary swarmhost's, PluginPath the plugins'.
	Suite, Binary, PluginPath string
	Evals                     []string
	Vars                      []string
	Limit                     int
	// Logs is where the shards' logs go: a PersistentVolumeClaim (LogsClaim) for any cluster, or
	// a directory on the node (LogsHostPath) for a single-node one.
	LogsClaim, LogsHostPath string
	// CPU and Memory, when set, are each pod's requests and limits (e.g. "1", "2Gi").
	CPU, Memory string
}

var dnsLabel = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

// Check reports what makes the spec unusable, naming the flag to fix.
func (s JobSpec) Check() error {
	switch {
	case !dnsLabel.MatchString(s.Name) || len(s.Name) > 52:
		return fmt.Errorf("--name %q: want a DNS label of at most 52 characters (lower case, digits, '-')", s.Name)
	case s.Image == "":
		return fmt.Errorf("--image: the image holding swarmhost, the plugins and the suite is required")
	case s.Shards < 1 || s.Shards > 100000:
		return fmt.Errorf("--shards %d: want 1 to 100000", s.Shards)
	case (s.LogsClaim == "") == (s.LogsHostPath == ""):
		return fmt.Errorf("give exactly one of --logs-claim (a PersistentVolumeClaim) and --logs-host-path (a node directory)")
	case s.LogsHostPath != "" && !path.IsAbs(s.LogsHostPath):
		return fmt.Errorf("--logs-host-path %q: want an absolute path on the node", s.LogsHostPath)
	}
	for _, q := range []struct{ flag, v string }{{"--cpu", s.CPU}, {"--memory", s.Memory}} {
		if _, err := resource.ParseQuantity(q.v); q.v != "" && err != nil {
			return fmt.Errorf("%s %q: %v", q.flag, q.v, err)
		}
	}
	return nil
}

// Job builds the Indexed Job.
func (s JobSpec) Job() (*batchv1.Job, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	labels := map[string]string{LabelManaged: ManagedBy, LabelJob: s.Name}
	par := s.Parallelism
	if par < 1 || par > s.Shards {
		par = s.Shards
	}
	return &batchv1.Job{
		TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: metav1.ObjectMeta{Name: s.Name, Namespace: s.Namespace, Labels: labels},
		Spec: batchv1.JobSpec{
			CompletionMode: ptr.To(batchv1.IndexedCompletion),
			Completions:    ptr.To(int32(s.Shards)),
			Parallelism:    ptr.To(int32(par)),
			// A shard that fails is not run again: a second attempt would write a second log of
			// the same shard. Resume it by hand (swarmhost run --resume) and merge.
			BackoffLimit: ptr.To(int32(0)),
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       s.podSpec(),
			},
		},
	}, nil
}

func (s JobSpec) podSpec() corev1.PodSpec {
	vol := corev1.Volume{Name: "logs"}
	if s.LogsClaim != "" {
		vol.PersistentVolumeClaim = &corev1.PersistentVolumeClaimVolumeSource{ClaimName: s.LogsClaim}
	} else {
		vol.HostPath = &corev1.HostPathVolumeSource{Path: s.LogsHostPath, Type: ptr.To(corev1.HostPathDirectoryOrCreate)}
	}
	pull := s.PullPolicy
	if pull == "" {
		pull = corev1.PullIfNotPresent
	}
	c := corev1.Container{
		Name: "shard", Image: s.Image, ImagePullPolicy: pull,
		Command: []string{s.binary()}, Args: s.args(),
		Env: []corev1.EnvVar{
			{Name: ShardIndexEnv, ValueFrom: &corev1.EnvVarSource{FieldRef: &corev1.ObjectFieldSelector{
				FieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}}},
			{Name: "SWARMHOST_PLUGIN_PATH", Value: s.pluginPath()},
		},
		VolumeMounts: []corev1.VolumeMount{{Name: "logs", MountPath: LogMount}},
		Resources:    s.resources(),
	}
	return corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, Containers: []corev1.Container{c},
		Volumes: []corev1.Volume{vol}, AutomountServiceAccountToken: ptr.To(false)}
}

// args are swarmhost run's: the shard index comes from the pod's completion index ($(VAR) is
// expanded by the kubelet from the container's environment).
func (s JobSpec) args() []string {
	a := []string{"run", s.Suite, "--shard", fmt.Sprintf("$(%s)/%d", ShardIndexEnv, s.Shards), "--log-dir", LogMount}
	for _, e := range s.Evals {
		a = append(a, "--eval", e)
	}
	for _, v := range s.Vars {
		a = append(a, "--var", v)
	}
	if s.Limit > 0 {
		a = append(a, "--limit", fmt.Sprint(s.Limit))
	}
	return a
}

func (s JobSpec) resources() corev1.ResourceRequirements {
	rl := corev1.ResourceList{}
	if s.CPU != "" {
		rl[corev1.ResourceCPU] = resource.MustParse(s.CPU)
	}
	if s.Memory != "" {
		rl[corev1.ResourceMemory] = resource.MustParse(s.Memory)
	}
	if len(rl) == 0 {
		return corev1.ResourceRequirements{}
	}
	return corev1.ResourceRequirements{Requests: rl, Limits: rl}
}

func (s JobSpec) binary() string {
	if s.Binary != "" {
		return s.Binary
	}
	return "/opt/swarmhost/bin/swarmhost"
}

func (s JobSpec) pluginPath() string {
	if s.PluginPath != "" {
		return s.PluginPath
	}
	return path.Dir(s.binary())
}

// YAML is the Job as a manifest for kubectl apply.
func (s JobSpec) YAML() ([]byte, error) {
	job, err := s.Job()
	if err != nil {
		return nil, err
	}
	b, err := yaml.Marshal(job)
	if err != nil {
		return nil, err
	}
	return []byte(strings.ReplaceAll(string(b), "status: {}\n", "")), nil
}
