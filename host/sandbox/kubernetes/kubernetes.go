package kubernetes

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/swarmhost/swarmhost/host/kube"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// Labels and annotations on everything the kubernetes provider makes (pods, the network policy).
// Label values must be short and plain, so the sample id and the owner are annotations.
const (
	// LabelManaged is app.kubernetes.io/managed-by=swarmhost; the sweep lists by it.
	LabelManaged = kube.LabelManaged
	// LabelRun is the run's id, LabelEpoch the sample's epoch.
	LabelRun   = "swarmhost.dev/run"
	LabelEpoch = "swarmhost.dev/epoch"
	// LabelNetwork is "none" on pods the run's deny-all NetworkPolicy selects.
	LabelNetwork = "swarmhost.dev/network"
	// AnnotationOwner is the host process (engine.OwnerLabel); AnnotationSample the
	// sample's id.
	AnnotationOwner  = "swarmhost.dev/owner"
	AnnotationSample = "swarmhost.dev/sample"
	// AnnotationSandboxes lists the pod's sandboxes: container name=sandbox name, one a line.
	AnnotationSandboxes = "swarmhost.dev/sandboxes"
)

// DefaultReadyTimeout bounds the wait for a sample's pod to run every container.
const DefaultReadyTimeout = 2 * time.Minute

// Config is a `sandbox "kubernetes"` block: one of Compose and Image, and the cluster.
type Config struct {
	// Kubeconfig, Context and Namespace choose the cluster and namespace; empty: KUBECONFIG (or
	// ~/.kube/config, or in-cluster), its current context, that context's namespace.
	Kubeconfig, Context, Namespace string
	// AllowExecCredentials lets Kubeconfig, which the suite names, run its credential plugin; without
	// it such a kubeconfig is refused before anything runs (see [kube.CheckSuiteKubeconfig]).
	AllowExecCredentials bool
	// Compose is a compose file whose services are the sample's sandboxes, as for the docker
	// provider; its named volumes are the pod's emptyDir volumes (one set per sample).
	Compose string
	// ComposeOptions is what the compose file may take from the host (the suite's allowances);
	// the zero value allows nothing.
	ComposeOptions compose.Options
	// Image is every sandbox's image when there is no compose file.
	Image string
	// PerMember gives each member its own container besides the default.
	PerMember bool
	// Network lets the pods reach the network; without it the run's pods are selected by a
	// deny-all NetworkPolicy (enforced by the cluster's network plugin, where it has one).
	Network bool
	// CPU and Memory are each sandbox container's requests and limits (e.g. "500m", "512Mi")
	// unless its compose service sets its own.
	CPU, Memory string
	// PullPolicy is the containers' image pull policy; default IfNotPresent.
	PullPolicy corev1.PullPolicy
	// ReadyTimeout bounds the wait for a pod to run; default DefaultReadyTimeout.
	ReadyTimeout time.Duration
	// Run is the run's id in labels; empty: a random one.
	Run string
}

// Provider is the `kubernetes` sandbox provider: one pod per sample × epoch in the configured
// namespace, one container per sandbox (the default one, each member's own, each other service),
// commands through pods/exec. It never builds an image; whether it pulls one is the pull policy's
// call. Safe for concurrent use.
type Provider struct {
	c       *kube.Client
	cfg     Config
	project *compose.Project
	owner   string
	policy  string // the run's NetworkPolicy, "" when none was made
	sets    engine.OpenSets[*k8sSet]
}

// New connects to the cluster, checks that it answers and that the namespace may hold the
// run's pods, makes the run's deny-all NetworkPolicy (unless Network), and removes what a killed
// host on this machine left behind.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	project, err := k8sProject(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	c, err := kube.Connect(kube.Target{Kubeconfig: cfg.Kubeconfig, Context: cfg.Context, Namespace: cfg.Namespace,
		Suite: cfg.Kubeconfig != "", SuiteDir: cfg.ComposeOptions.Root, AllowExec: cfg.AllowExecCredentials})
	if err != nil {
		return nil, fmt.Errorf("kubernetes sandbox: %w", err)
	}
	k := &Provider{c: c, cfg: cfg, project: project, owner: engine.OwnerLabel()}
	if k.cfg.Run == "" {
		k.cfg.Run = engine.RandomID()
	}
	if k.cfg.ReadyTimeout <= 0 {
		k.cfg.ReadyTimeout = DefaultReadyTimeout
	}
	if k.cfg.PullPolicy == "" {
		k.cfg.PullPolicy = corev1.PullIfNotPresent
	}
	if err := k.checkCluster(ctx); err != nil {
		return nil, err
	}
	if err := Sweep(ctx, c); err != nil {
		return nil, err
	}
	if !cfg.Network {
		if err := k.makePolicy(ctx); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// k8sProject is the services cfg describes.
func k8sProject(ctx context.Context, cfg Config) (*compose.Project, error) {
	switch {
	case cfg.Compose != "" && cfg.Image != "":
		return nil, errors.New(`kubernetes sandbox: give compose or image, not both`)
	case cfg.Compose != "":
		p, err := compose.Load(ctx, cfg.Compose, cfg.ComposeOptions)
		if err != nil {
			return nil, err
		}
		return p, checkK8sServices(p)
	case cfg.Image != "":
		return &compose.Project{Services: []compose.Service{{Name: compose.DefaultService, Image: cfg.Image}}}, nil
	}
	return nil, errors.New(`kubernetes sandbox: give compose = "compose.yaml" or image = "…"`)
}

// checkK8sServices refuses what a pod cannot do as the compose file asks: a user given by name
// (runAsUser and runAsGroup are numbers; dropping the name would run the container as the image's
// user, often root).
func checkK8sServices(p *compose.Project) error {
	for _, svc := range p.Services {
		u, g, _ := strings.Cut(svc.User, ":")
		for _, id := range []string{u, g} {
			if _, err := strconv.ParseInt(id, 10, 64); id != "" && err != nil {
				return fmt.Errorf("kubernetes sandbox: service %q: user %q: Kubernetes runs containers as a numeric "+
					"uid[:gid] (write e.g. user: \"65534\" for nobody)", svc.Name, svc.User)
			}
		}
	}
	return nil
}

// check validates the quantities and the pull policy.
func (cfg Config) check() error {
	for _, q := range []struct{ what, v string }{{"cpu", cfg.CPU}, {"memory", cfg.Memory}} {
		if _, err := resource.ParseQuantity(q.v); q.v != "" && err != nil {
			return fmt.Errorf("kubernetes sandbox: %s = %q: %v", q.what, q.v, err)
		}
	}
	switch cfg.PullPolicy {
	case "", corev1.PullAlways, corev1.PullIfNotPresent, corev1.PullNever:
		return nil
	}
	return fmt.Errorf("kubernetes sandbox: pull_policy = %q: want Always, IfNotPresent or Never", cfg.PullPolicy)
}

// checkCluster asks the API server for its version (is it there?) and lists the namespace's pods
// (may this user use it?), each bounded.
func (k *Provider) checkCluster(ctx context.Context) error {
	cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if _, err := k.c.Set.Discovery().RESTClient().Get().AbsPath("/version").Do(cctx).Raw(); err != nil {
		return fmt.Errorf("kubernetes sandbox: the API server at %s does not answer: %w; start a cluster "+
			"(as root: scripts/k8s.sh start, then eval \"$(scripts/k8s.sh env)\") or point KUBECONFIG at one", k.c.Host, err)
	}
	_, err := k.c.Set.CoreV1().Pods(k.c.Namespace).List(cctx, metav1.ListOptions{Limit: 1})
	return k.apiError(err, "list pods")
}

// apiError turns the API's errors into messages that say what to fix.
func (k *Provider) apiError(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case apierrors.IsForbidden(err):
		return fmt.Errorf("kubernetes sandbox: not allowed to %s in namespace %q of %s: %w; "+
			"choose a namespace you may use (namespace = \"…\") or ask for pods, pods/exec and networkpolicies there",
			what, k.c.Namespace, k.c.Host, err)
	case apierrors.IsNotFound(err):
		return fmt.Errorf("kubernetes sandbox: %s in namespace %q of %s: %w (does the namespace exist?)", what, k.c.Namespace, k.c.Host, err)
	}
	return fmt.Errorf("kubernetes sandbox: %s in namespace %q: %w", what, k.c.Namespace, err)
}

// makePolicy creates the run's NetworkPolicy: no ingress and no egress for the run's pods
// labelled network=none.
func (k *Provider) makePolicy(ctx context.Context) error {
	name := "swarmhost-" + k.cfg.Run + "-deny-all"
	np := &networkingv1.NetworkPolicy{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: k.labels(), Annotations: map[string]string{AnnotationOwner: k.owner}},
		Spec: networkingv1.NetworkPolicySpec{
			PodSelector: metav1.LabelSelector{MatchLabels: map[string]string{LabelRun: k.cfg.Run, LabelNetwork: "none"}},
			PolicyTypes: []networkingv1.PolicyType{networkingv1.PolicyTypeIngress, networkingv1.PolicyTypeEgress},
		},
	}
	cctx, cancel := context.WithTimeout(ctx, engine.Timeout)
	defer cancel()
	if _, err := k.c.Set.NetworkingV1().NetworkPolicies(k.c.Namespace).Create(cctx, np, metav1.CreateOptions{}); err != nil {
		return k.apiError(err, "create the run's deny-all NetworkPolicy")
	}
	k.policy = name
	return nil
}

// labels are the run's labels.
func (k *Provider) labels() map[string]string {
	return map[string]string{LabelManaged: kube.ManagedBy, LabelRun: k.cfg.Run}
}

// RunID is a run id for the labels of an eval's pods: the eval's name (made label-safe), the start
// time and a random part, so the shards of one eval started at once are told apart.
func RunID(eval string, started time.Time) string {
	name := safeLabel(eval)
	if len(name) > 24 {
		name = name[:24]
	}
	return strings.Trim(name, "-") + "-" + started.UTC().Format("20060102t150405") + "-" + engine.RandomID()[:6]
}

// Namespace is the namespace the provider's pods live in.
func (k *Provider) Namespace() string { return k.c.Namespace }

// Run is the run's id (the LabelRun label of its pods).
func (k *Provider) Run() string { return k.cfg.Run }

// Close deletes every sample's pod not closed yet and the run's NetworkPolicy. It is safe to call
// twice.
func (k *Provider) Close() error {
	errs, first := k.sets.CloseAll()
	if !first {
		return nil
	}
	if k.policy != "" {
		ctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
		defer cancel()
		err := k.c.Set.NetworkingV1().NetworkPolicies(k.c.Namespace).Delete(ctx, k.policy, metav1.DeleteOptions{})
		if err != nil && !apierrors.IsNotFound(err) {
			errs = append(errs, fmt.Errorf("kubernetes sandbox: delete NetworkPolicy %s: %w", k.policy, err))
		}
	}
	return errors.Join(errs...)
}
