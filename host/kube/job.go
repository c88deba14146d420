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
	// JobUIDEnv is the Job's uid in each pod (from the label the Job controller puts on its pods).
	JobUIDEnv = "SWARMHOST_JOB_UID"
	// LogMount is where the log volume is mounted in each shard pod; the shards write their logs
	// to LogDir under it.
	LogMount = "/logs"
	// ContainerName is the shard pod's container.
	ContainerName = "shard"
	// ExitUsage is swarmhost's exit code for a suite, flag or log it refuses (cli.ExitUsage): the
	// same in every shard and on every retry, so it fails the Job at once.
	ExitUsage = 2
)

// LogDir is where the shards of the Job name (uid) write their logs, relative to the volume's
// root: NAME/UID, so that a later Job of the same name never continues this one's logs, while
// every pod of this Job — a shard started again included — finds its shard's log there.
func LogDir(name, uid string) string { return path.Join(name, uid) }

// JobSpec describes the Indexed Job that runs a suite's evals in Shards pods, each shard i
// running `swarmhost run SUITE --shard i/Shards --log-dir /logs/NAME/UID --resume auto`. The image
// holds swarmhost, the plugins (on PluginPath) and the suite (at Suite, inside the image).
//
// A shard's pod that fails is started again (its index only, once the failed pod has ended: never
// two pods of one shard at once), and --resume auto continues the shard's log, so no finished
// sample runs twice: without counting when the pod was disrupted (evicted, preempted, its node
// lost: the pod's DisruptionTarget condition), up to Retries times for any other failure, and never
// when swarmhost refused the suite (exit code ExitUsage), which fails the whole Job.
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
	// Retries is how many times a shard whose pod failed (other than by disruption or a refused
	// suite) is started again: the Job's backoffLimitPerIndex.
	Retries int
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
	case s.Retries < 0 || s.Retries > 100:
		return fmt.Errorf("--retries %d: want 0 to 100", s.Retries)
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
			CompletionMode:       ptr.To(batchv1.IndexedCompletion),
			Completions:          ptr.To(int32(s.Shards)),
			Parallelism:          ptr.To(int32(par)),
			BackoffLimitPerIndex: ptr.To(int32(s.Retries)),
			// A shard's new pod starts only once the old one has ended (Failed), so two pods never
			// write one shard's log; a pod lost with its node ends when the node is deleted or
			// marked out of service.
			PodReplacementPolicy: ptr.To(batchv1.Failed),
			PodFailurePolicy:     failurePolicy(),
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       s.podSpec(labels),
			},
		},
	}, nil
}

// failurePolicy says which failed pods are started again: a disrupted pod (evicted, preempted, its
// node lost or drained) always, without counting towards the shard's retries; a pod whose
// swarmhost refused the suite never, and the Job fails; any other failure counts.
func failurePolicy() *batchv1.PodFailurePolicy {
	return &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
		{Action: batchv1.PodFailurePolicyActionIgnore, OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{
			{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}}},
		{Action: batchv1.PodFailurePolicyActionFailJob, OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{
			ContainerName: ptr.To(ContainerName), Operator: batchv1.PodFailurePolicyOnExitCodesOpIn,
			Values: []int32{ExitUsage}}},
	}}
}

func (s JobSpec) podSpec(labels map[string]string) corev1.PodSpec {
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
		Name: ContainerName, Image: s.Image, ImagePullPolicy: pull,
		Command: []string{s.binary()}, Args: s.args(),
		Env: []corev1.EnvVar{
			{Name: ShardIndexEnv, ValueFrom: &corev1.EnvVarSource{FieldRef: &corev1.ObjectFieldSelector{
				FieldPath: "metadata.annotations['" + batchv1.JobCompletionIndexAnnotation + "']"}}},
			{Name: JobUIDEnv, ValueFrom: &corev1.EnvVarSource{FieldRef: &corev1.ObjectFieldSelector{
				FieldPath: "metadata.labels['" + batchv1.ControllerUidLabel + "']"}}},
			{Name: "SWARMHOST_PLUGIN_PATH", Value: s.pluginPath()},
		},
		VolumeMounts: []corev1.VolumeMount{{Name: "logs", MountPath: LogMount}},
		Resources:    s.resources(),
	}
	return corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, Containers: []corev1.Container{c},
		Volumes: []corev1.Volume{vol}, AutomountServiceAccountToken: ptr.To(false),
		// Shards spread over the nodes where they can: a node lost takes fewer shards with it.
		TopologySpreadConstraints: []corev1.TopologySpreadConstraint{{MaxSkew: 1,
			TopologyKey: corev1.LabelHostname, WhenUnsatisfiable: corev1.ScheduleAnyway,
			LabelSelector: &metav1.LabelSelector{MatchLabels: labels}}}}
}

// args are swarmhost run's: the shard index comes from the pod's completion index and the log
// directory from the Job's uid ($(VAR) is expanded by the kubelet from the container's
// environment); --resume auto continues the shard's log when the pod is a retry.
func (s JobSpec) args() []string {
	a := []string{"run", s.Suite, "--shard", fmt.Sprintf("$(%s)/%d", ShardIndexEnv, s.Shards),
		"--log-dir", path.Join(LogMount, LogDir(s.Name, "$("+JobUIDEnv+")")), "--resume", "auto"}
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
