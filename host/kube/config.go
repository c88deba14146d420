package kube

import (
	"fmt"
	"os"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

// Target says which cluster and namespace to use. Empty fields take the usual defaults: the
// kubeconfig from KUBECONFIG or ~/.kube/config (or the in-cluster service account when there is
// none), its current context, and that context's namespace ("default" when it names none).
type Target struct {
	Kubeconfig string
	Context    string
	Namespace  string
	// Suite is set when a suite named Kubeconfig: Connect then refuses what
	// [CheckSuiteKubeconfig] refuses. SuiteDir is that suite's directory.
	Suite    bool
	SuiteDir string
	// AllowExec lets a kubeconfig the suite names run its credential
	// plugin (the suite's allow_exec_credentials).
	AllowExec bool
}

// Client is a connection to a cluster.
type Client struct {
	Config    *rest.Config
	Set       kubernetes.Interface
	Namespace string
	// Host is the API server's URL, for messages.
	Host string
}

// Connect builds a client for the target. It does not contact the server.
func Connect(t Target) (*Client, error) {
	if t.Suite {
		if err := CheckSuiteKubeconfig(t); err != nil {
			return nil, err
		}
	}
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	if t.Kubeconfig != "" {
		rules.ExplicitPath = t.Kubeconfig
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules,
		&clientcmd.ConfigOverrides{CurrentContext: t.Context})
	cfg, err := cc.ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("kubernetes: no usable kubeconfig (%s): %w", where(t), err)
	}
	ns := t.Namespace
	if ns == "" {
		if ns, _, err = cc.Namespace(); err != nil || ns == "" {
			ns = "default"
		}
	}
	cfg.QPS, cfg.Burst = 50, 100
	set, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("kubernetes: client for %s: %w", cfg.Host, err)
	}
	return &Client{Config: cfg, Set: set, Namespace: ns, Host: cfg.Host}, nil
}

// where describes where the kubeconfig was looked for.
func where(t Target) string {
	if t.Kubeconfig != "" {
		return "kubeconfig " + t.Kubeconfig
	}
	if env := os.Getenv(clientcmd.RecommendedConfigPathEnvVar); env != "" {
		return clientcmd.RecommendedConfigPathEnvVar + "=" + env
	}
	return "KUBECONFIG, ~/.kube/config or the in-cluster service account"
}
