package kubernetes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// k8sSet is one sample × epoch's pod: the kubernetes provider's [sandbox.Set].
type k8sSet struct {
	k       *Provider
	pod     string
	members []string
	own     bool
	ownOf   map[string]string // member → its sandbox's name
	byName  map[string]*k8sEnv
	names   []string
	once    sync.Once
	err     error
}

// Sample creates the sample's pod (a container per sandbox, the compose project's named volumes as
// the pod's emptyDir volumes), waits until every container runs, writes the sample's files and the
// filesystem channel's layout and runs the setup. On any error it deletes the pod.
func (k *Provider) Sample(ctx context.Context, spec sandbox.SampleSpec) (sandbox.Set, error) {
	if err := sandbox.CheckMembers(spec.Members); err != nil {
		return nil, err
	}
	contents, err := sandbox.ResolveFiles(spec.Files, spec.BaseDir)
	if err != nil {
		return nil, err
	}
	own := spec.PerMember || k.cfg.PerMember
	ownOf := engine.OwnSandboxes(spec)
	plan, err := engine.Plan("kubernetes", k.project, k.cfg.Compose, spec.Members, ownOf, own)
	if err != nil {
		return nil, err
	}
	for _, b := range plan {
		if err := k.project.CheckBinds(b.Service); err != nil {
			return nil, err
		}
	}
	s := &k8sSet{k: k, pod: engine.ProjectName(k.cfg.Run, spec.ID, spec.Epoch), members: spec.Members, own: own,
		ownOf: ownOf, byName: map[string]*k8sEnv{}}
	pod := k.pod(podPlan{name: s.pod, sample: spec.ID, epoch: spec.Epoch, network: spec.Network || k.cfg.Network, boxes: plan})
	if _, err := k.c.Set.CoreV1().Pods(k.c.Namespace).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
		return nil, k.apiError(err, "create pod "+s.pod)
	}
	k.sets.Track(s, true)
	for i, b := range plan {
		workdir := pod.Spec.Containers[2*i].WorkingDir
		s.byName[b.Name] = &k8sEnv{k: k, pod: s.pod, name: b.Name, container: containerName(i), view: viewName(i), workdir: workdir,
			keptAlive: slices.Equal(pod.Spec.Containers[2*i].Command, keepAlive)}
		s.names = append(s.names, b.Name)
	}
	if err := k.waitReady(ctx, s.pod); err != nil {
		return nil, errors.Join(err, s.Close())
	}
	if err := s.prepare(ctx, contents, spec.Setup); err != nil {
		return nil, errors.Join(k.endedCause(ctx, s.pod, err), s.Close())
	}
	return s, nil
}

// endedCause is the cause of a failed preparation: a container that ended after the pod was seen
// running (the exec into it then fails with "container not found") is reported as the pod's state
// says, with the preparation's error after it; otherwise err. The kubelet reports an ended
// container a moment after it ends, so the state is read for up to endedWait.
func (k *Provider) endedCause(ctx context.Context, name string, err error) error {
	deadline := time.Now().Add(endedWait)
	for {
		pod, getErr := k.c.Set.CoreV1().Pods(k.c.Namespace).Get(ctx, name, metav1.GetOptions{})
		if getErr != nil {
			return err
		}
		if _, _, ended := podState(pod); ended != nil {
			return fmt.Errorf("%w (then: %v)", ended, err)
		}
		if time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// endedWait bounds how long a failed preparation looks for a container that ended.
const endedWait = 3 * time.Second

// prepare writes the files (with the filesystem channel's layout in the default sandbox) and runs
// the setup in the default sandbox and each member's own.
func (s *k8sSet) prepare(ctx context.Context, files map[string][]byte, setup string) error {
	return engine.PrepareEnvs(ctx, s.byName, s.ownOf, s.own, s.members, files, setup)
}

// For returns the container member works in.
func (s *k8sSet) For(member string) sandbox.Env {
	if !s.own {
		return s.byName[""]
	}
	if e := s.byName[s.ownOf[member]]; e != nil && s.ownOf[member] != "" {
		return e
	}
	return nil
}

// Named returns the sandbox called name.
func (s *k8sSet) Named(name string) (sandbox.Env, error) {
	if e := s.byName[name]; e != nil {
		return e, nil
	}
	return nil, fmt.Errorf("sandbox: no sandbox named %q", name)
}

// Names lists the sandboxes: "", the members' own, then the services.
func (s *k8sSet) Names() []string { return slices.Clone(s.names) }

// Pod is the name of the sample's pod.
func (s *k8sSet) Pod() string { return s.pod }

// Close deletes the sample's pod at once (no grace period: nothing in a sandbox needs one).
func (s *k8sSet) Close() error {
	s.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
		defer cancel()
		err := s.k.c.Set.CoreV1().Pods(s.k.c.Namespace).Delete(ctx, s.pod,
			metav1.DeleteOptions{GracePeriodSeconds: ptr.To(int64(0))})
		if err != nil && !apierrors.IsNotFound(err) {
			s.err = fmt.Errorf("kubernetes sandbox: delete pod %s: %w", s.pod, err)
		}
		s.k.sets.Track(s, false)
	})
	return s.err
}
