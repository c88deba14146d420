package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/swarmhost/swarmhost/host/kube"
)

// SandboxKubernetes is pods on a Kubernetes cluster, from a compose file or one image (the same
// service list the docker sandbox reads), commands through pods/exec.
const SandboxKubernetes = "kubernetes"

// Kubernetes is what a `sandbox "kubernetes"` block adds to compose or image: the cluster (empty:
// KUBECONFIG, its current context and namespace), each sandbox's resources, the image pull policy
// and how long a sample's pod may take to run.
type Kubernetes struct {
	Kubeconfig   string        `json:"kubeconfig,omitempty"`
	Context      string        `json:"context,omitempty"`
	Namespace    string        `json:"namespace,omitempty"`
	CPU          string        `json:"cpu,omitempty"`
	Memory       string        `json:"memory,omitempty"`
	PullPolicy   string        `json:"pull_policy,omitempty"`
	ReadyTimeout time.Duration `json:"ready_timeout,omitempty"`
	// AllowExecCredentials lets the kubeconfig named by Kubeconfig run a
	// credential plugin (users[].user.exec), a command of the kubeconfig's
	// choosing; off, such a kubeconfig is refused before anything runs.
	AllowExecCredentials bool `json:"allow_exec_credentials,omitempty"`
}

// kubernetesAttrs are the attributes only a kubernetes sandbox takes.
var kubernetesAttrs = []string{"kubeconfig", "context", "namespace", "cpu", "memory", "pull_policy", "ready_timeout",
	"allow_exec_credentials"}

// pullPolicies are the image pull policies Kubernetes knows.
var pullPolicies = []string{"Always", "IfNotPresent", "Never"}

// sandboxKubernetes decodes the kubernetes attributes, refusing them on another sandbox type.
func (d *decoder) sandboxKubernetes(s *Sandbox, attrs hcl.Attributes) {
	if s.Type != SandboxKubernetes {
		for _, name := range kubernetesAttrs {
			if a := attrs[name]; a != nil {
				d.report(errorf(a.NameRange, fmt.Sprintf("%s on a %s sandbox", a.Name, s.Type),
					`%s applies to sandbox "kubernetes" only.`, a.Name))
			}
		}
		return
	}
	k := &Kubernetes{}
	if a := attrs["kubeconfig"]; a != nil {
		if p, ok := d.str(a); ok {
			k.Kubeconfig = d.kubeconfigPath(a, p)
		}
	}
	k.Context, _ = d.str(attrs["context"])
	k.Namespace, _ = d.str(attrs["namespace"])
	k.CPU = d.quantity(attrs["cpu"], `"500m" or "2"`)
	k.Memory = d.quantity(attrs["memory"], `"512Mi" or "2Gi"`)
	if a := attrs["pull_policy"]; a != nil {
		if p, ok := d.str(a); ok && !slices.Contains(pullPolicies, p) {
			d.report(errorAt(a.Expr.Range(), fmt.Sprintf("Unknown pull_policy %q", p),
				fmt.Sprintf("The pull policies are %s.", quoteList(pullPolicies))))
		} else {
			k.PullPolicy = p
		}
	}
	if a := attrs["ready_timeout"]; a != nil {
		k.ReadyTimeout, _ = d.duration(a, time.Second)
	}
	k.AllowExecCredentials, _ = d.boolean(attrs["allow_exec_credentials"])
	if a := attrs["allow_exec_credentials"]; a != nil && k.AllowExecCredentials {
		d.report(&hcl.Diagnostic{Severity: hcl.DiagWarning, Subject: a.Expr.Range().Ptr(),
			Summary: "The suite's kubeconfig may run a command",
			Detail: "allow_exec_credentials lets the kubeconfig the suite names run its credential plugin, a command " +
				"of its choosing, as you. Run this suite only if you trust it with that."})
	}
	if a := attrs["kubeconfig"]; a != nil && k.Kubeconfig != "" {
		if err := kube.CheckSuiteKubeconfig(kube.Target{Kubeconfig: k.Kubeconfig, Context: k.Context, SuiteDir: d.p.Dir,
			AllowExec: k.AllowExecCredentials}); err != nil {
			d.report(errorf(a.Expr.Range(), "Kubeconfig not allowed", "%s.", err))
		}
	}
	s.Kubernetes = k
}

// kubeconfigPath resolves a kubeconfig attribute: "~/…" is in the user's home (no shell expands
// it in HCL, and kubeconfig paths are usually written so), a relative path is from the suite's
// directory.
func (d *decoder) kubeconfigPath(a *hcl.Attribute, p string) string {
	rest, ok := strings.CutPrefix(p, "~/")
	if !ok {
		return absPath(d.p.Dir, p)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		d.report(errorAt(a.Expr.Range(), "Cannot expand ~ in kubeconfig",
			fmt.Sprintf("%v; write the kubeconfig's path in full.", err)))
		return ""
	}
	return filepath.Join(home, rest)
}

// quantity evaluates a Kubernetes resource quantity.
func (d *decoder) quantity(a *hcl.Attribute, example string) string {
	if a == nil {
		return ""
	}
	q, ok := d.str(a)
	if !ok {
		return ""
	}
	if _, err := resource.ParseQuantity(q); err != nil {
		d.report(errorAt(a.Expr.Range(), fmt.Sprintf("Invalid %s %q", a.Name, q),
			fmt.Sprintf("Write a Kubernetes quantity, like %s.", example)))
		return ""
	}
	return q
}
