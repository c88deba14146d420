package kubernetes

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// keepAlive is a sandbox container's command when its service runs nothing itself: it waits,
// and ends at once on SIGTERM.
var keepAlive = []string{"sh", "-c", "trap 'exit 0' TERM INT; while :; do sleep 3600 & wait $!; done"}

// podPlan is one sample's pod: a container per sandbox, and beside each its view twin (the same
// image with every volume mounted read-only), for scorers.
type podPlan struct {
	name    string
	sample  string
	epoch   int
	network bool
	boxes   []engine.Planned
}

// containerName is sandbox i's container: container names are DNS labels, sandbox names may not be.
func containerName(i int) string { return "sandbox-" + strconv.Itoa(i) }

// viewName is sandbox i's view twin.
func viewName(i int) string { return "view-" + strconv.Itoa(i) }

// workspaceVolume is sandbox i's working directory, an emptyDir both it and its twin mount.
func workspaceVolume(i int) string { return "workspace-" + strconv.Itoa(i) }

// composeVolume is the pod's volume for the compose project's named volume v.
func composeVolume(v string) string { return "vol-" + safeLabel(v) }

// pod builds the pod of the plan.
func (k *Provider) pod(p podPlan) *corev1.Pod {
	labels := k.labels()
	labels[LabelEpoch] = strconv.Itoa(p.epoch)
	if !p.network {
		labels[LabelNetwork] = "none"
	}
	var sandboxes []string
	spec := corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, AutomountServiceAccountToken: ptr.To(false),
		TerminationGracePeriodSeconds: ptr.To(int64(1)), EnableServiceLinks: ptr.To(false)}
	for _, v := range k.project.Volumes {
		spec.Volumes = append(spec.Volumes, corev1.Volume{Name: composeVolume(v),
			VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}})
	}
	for i, b := range p.boxes {
		c, vols := k.container(i, b.Service)
		spec.Volumes = append(spec.Volumes, vols...)
		spec.Containers = append(spec.Containers, c, viewTwin(i, c))
		sandboxes = append(sandboxes, containerName(i)+"="+b.Name)
	}
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: p.name, Labels: labels, Annotations: map[string]string{
			AnnotationOwner: k.owner, AnnotationSample: p.sample, AnnotationSandboxes: strings.Join(sandboxes, "\n")}},
		Spec: spec,
	}
}

// container is sandbox i's container and the volumes only it uses (its workspace, binds, tmpfs).
func (k *Provider) container(i int, svc compose.Service) (corev1.Container, []corev1.Volume) {
	workdir := svc.WorkingDir
	if workdir == "" {
		workdir = engine.DefaultWorkdir
	}
	c := corev1.Container{Name: containerName(i), Image: svc.Image, ImagePullPolicy: k.cfg.PullPolicy,
		WorkingDir: workdir, Command: svc.Entrypoint, Args: svc.Command, Resources: k.resources(svc),
		SecurityContext: securityContext(svc)}
	if len(c.Command) == 0 && len(c.Args) == 0 {
		c.Command = keepAlive
	}
	for _, kv := range svc.Env {
		name, value, _ := strings.Cut(kv, "=")
		c.Env = append(c.Env, corev1.EnvVar{Name: name, Value: value})
	}
	vols := []corev1.Volume{{Name: workspaceVolume(i), VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}}}
	hasWorkdir := false
	for j, m := range svc.Volumes {
		name := composeVolume(m.Source)
		if m.Bind {
			name = fmt.Sprintf("bind-%d-%d", i, j)
			vols = append(vols, corev1.Volume{Name: name, VolumeSource: corev1.VolumeSource{
				HostPath: &corev1.HostPathVolumeSource{Path: m.Source}}})
		}
		c.VolumeMounts = append(c.VolumeMounts, corev1.VolumeMount{Name: name, MountPath: m.Target, ReadOnly: m.ReadOnly})
		hasWorkdir = hasWorkdir || path.Clean(m.Target) == path.Clean(workdir)
	}
	if !hasWorkdir {
		c.VolumeMounts = append(c.VolumeMounts, corev1.VolumeMount{Name: workspaceVolume(i), MountPath: workdir})
	}
	for j, t := range svc.Tmpfs {
		name := fmt.Sprintf("tmpfs-%d-%d", i, j)
		vols = append(vols, corev1.Volume{Name: name, VolumeSource: corev1.VolumeSource{
			EmptyDir: &corev1.EmptyDirVolumeSource{Medium: corev1.StorageMediumMemory}}})
		c.VolumeMounts = append(c.VolumeMounts, corev1.VolumeMount{Name: name, MountPath: strings.SplitN(t, ":", 2)[0]})
	}
	return c, vols
}

// viewTwin is the container a scorer's commands run in: the sandbox's image, user and limits,
// every volume read-only, idle until an exec.
func viewTwin(i int, c corev1.Container) corev1.Container {
	v := *c.DeepCopy()
	v.Name, v.Command, v.Args = viewName(i), keepAlive, nil
	for j := range v.VolumeMounts {
		v.VolumeMounts[j].ReadOnly = true
	}
	return v
}

// resources are the service's limits (as requests too), else the provider's defaults.
func (k *Provider) resources(svc compose.Service) corev1.ResourceRequirements {
	rl := corev1.ResourceList{}
	switch {
	case svc.NanoCPUs > 0:
		rl[corev1.ResourceCPU] = *resource.NewMilliQuantity(svc.NanoCPUs/1e6, resource.DecimalSI)
	case k.cfg.CPU != "":
		rl[corev1.ResourceCPU] = resource.MustParse(k.cfg.CPU)
	}
	switch {
	case svc.Memory > 0:
		rl[corev1.ResourceMemory] = *resource.NewQuantity(svc.Memory, resource.BinarySI)
	case k.cfg.Memory != "":
		rl[corev1.ResourceMemory] = resource.MustParse(k.cfg.Memory)
	}
	if len(rl) == 0 {
		return corev1.ResourceRequirements{}
	}
	return corev1.ResourceRequirements{Requests: rl.DeepCopy(), Limits: rl}
}

// securityContext carries the service's user (numeric uid[:gid]), capabilities and read-only root.
func securityContext(svc compose.Service) *corev1.SecurityContext {
	sc := &corev1.SecurityContext{AllowPrivilegeEscalation: ptr.To(false)}
	if svc.ReadOnly {
		sc.ReadOnlyRootFilesystem = ptr.To(true)
	}
	if u, g, _ := strings.Cut(svc.User, ":"); u != "" {
		if uid, err := strconv.ParseInt(u, 10, 64); err == nil {
			sc.RunAsUser = &uid
		}
		if gid, err := strconv.ParseInt(g, 10, 64); err == nil {
			sc.RunAsGroup = &gid
		}
	}
	if len(svc.CapAdd)+len(svc.CapDrop) > 0 {
		sc.Capabilities = &corev1.Capabilities{}
		for _, c := range svc.CapAdd {
			sc.Capabilities.Add = append(sc.Capabilities.Add, corev1.Capability(c))
		}
		for _, c := range svc.CapDrop {
			sc.Capabilities.Drop = append(sc.Capabilities.Drop, corev1.Capability(c))
		}
	}
	return sc
}

// safeLabel maps s to a DNS-label-safe string.
func safeLabel(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// waitReady waits, at most the ready timeout, for every container of the pod to run. An image the
// node does not have and may not pull, a container that ends, or a pod the scheduler cannot place
// fails at once or at the deadline with what the cluster says.
func (k *Provider) waitReady(ctx context.Context, name string) error {
	deadline := time.Now().Add(k.cfg.ReadyTimeout)
	var last string // why the pod is not running yet, as the cluster says
	for delay := 20 * time.Millisecond; ; delay = min(delay*2, 500*time.Millisecond) {
		pod, err := k.c.Set.CoreV1().Pods(k.c.Namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return k.apiError(err, "read pod "+name)
		}
		done, why, err := podState(pod)
		if done || err != nil {
			return err
		}
		last = why
		if time.Now().After(deadline) {
			return fmt.Errorf("kubernetes sandbox: pod %s not running after %s (ready_timeout): %s", name, k.cfg.ReadyTimeout, last)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("kubernetes sandbox: waiting for pod %s: %w (%s)", name, ctx.Err(), last)
		case <-time.After(delay):
		}
	}
}

// hopeless are the waiting reasons that waiting will not cure.
var hopeless = map[string]string{
	"ErrImageNeverPull":          "the node does not have the image and pull_policy is Never; load it onto the node (scripts/k8s.sh image) or allow pulls",
	"ErrImagePull":               "the image cannot be pulled",
	"ImagePullBackOff":           "the image cannot be pulled",
	"InvalidImageName":           "the image name is invalid",
	"CreateContainerConfigError": "the container's configuration is invalid",
	"CreateContainerError":       "the container cannot be created",
	"CrashLoopBackOff":           "the container keeps exiting",
	"RunContainerError":          "the container cannot start",
}

// podState says whether every container runs; why not; and an error when it never will.
func podState(pod *corev1.Pod) (bool, string, error) {
	if pod.Status.Phase == corev1.PodFailed || pod.Status.Phase == corev1.PodSucceeded {
		return false, "", fmt.Errorf("kubernetes sandbox: pod %s ended (%s): %s", pod.Name, pod.Status.Phase, pod.Status.Message)
	}
	for _, cs := range pod.Status.ContainerStatuses {
		if w := cs.State.Waiting; w != nil {
			if hint, bad := hopeless[w.Reason]; bad {
				return false, "", fmt.Errorf("kubernetes sandbox: image %q (container %s of pod %s): %s: %s (%s)",
					cs.Image, cs.Name, pod.Name, w.Reason, hint, w.Message)
			}
		}
		if t := cs.State.Terminated; t != nil {
			return false, "", fmt.Errorf("kubernetes sandbox: container %s of pod %s (image %q) exited %d (%s): %s",
				cs.Name, pod.Name, cs.Image, t.ExitCode, t.Reason, t.Message)
		}
	}
	running := 0
	for _, cs := range pod.Status.ContainerStatuses {
		if cs.State.Running != nil {
			running++
		}
	}
	if pod.Status.Phase == corev1.PodRunning && running == len(pod.Spec.Containers) {
		return true, "", nil
	}
	return false, podWhy(pod, running), nil
}

// podWhy describes a pod that is not running yet.
func podWhy(pod *corev1.Pod, running int) string {
	for _, c := range pod.Status.Conditions {
		if c.Status != corev1.ConditionTrue && c.Message != "" {
			return fmt.Sprintf("%s: %s %s", c.Type, c.Reason, c.Message)
		}
	}
	for _, cs := range pod.Status.ContainerStatuses {
		if w := cs.State.Waiting; w != nil {
			return fmt.Sprintf("container %s waiting: %s %s", cs.Name, w.Reason, w.Message)
		}
	}
	return fmt.Sprintf("phase %s, %d of %d containers running", pod.Status.Phase, running, len(pod.Spec.Containers))
}
