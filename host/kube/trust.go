package kube

import (
	"fmt"
	"path/filepath"
	"strings"

	"k8s.io/client-go/tools/clientcmd"
)

// CheckSuiteKubeconfig refuses what a kubeconfig a suite names
// (t.Kubeconfig) would make the host do beyond talking to the server it
// names with the credentials it holds: run a credential plugin (a command
// of its choosing, unless t.AllowExec), or, when the kubeconfig lies in
// the suite's directory (t.SuiteDir), read a credential file outside it
// and send it to the suite's server (a service account's token, the
// user's client key). Only the context the run uses is checked. A
// kubeconfig that cannot be read is not this check's business: [Connect]
// says why.
func CheckSuiteKubeconfig(t Target) error {
	if t.Kubeconfig == "" {
		return nil
	}
	cfg, err := clientcmd.LoadFromFile(t.Kubeconfig)
	if err != nil {
		return nil
	}
	name := t.Context
	if name == "" {
		name = cfg.CurrentContext
	}
	ctx := cfg.Contexts[name]
	if ctx == nil {
		return nil
	}
	user := cfg.AuthInfos[ctx.AuthInfo]
	if user == nil {
		return nil
	}
	if user.Exec != nil && !t.AllowExec {
		return fmt.Errorf("kubeconfig %s: user %q runs a credential plugin (exec: %s), a command the kubeconfig chooses; "+
			"the suite names this kubeconfig, so swarmhost runs it only with allow_exec_credentials = true in the "+
			`sandbox "kubernetes" block`, t.Kubeconfig, ctx.AuthInfo, strings.Join(append([]string{user.Exec.Command}, user.Exec.Args...), " "))
	}
	if t.SuiteDir == "" || !within(t.SuiteDir, t.Kubeconfig) {
		return nil
	}
	for key, p := range map[string]string{"client-certificate": user.ClientCertificate, "client-key": user.ClientKey,
		"tokenFile": user.TokenFile} {
		if p == "" {
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(t.Kubeconfig), p)
		}
		if !within(t.SuiteDir, p) {
			return fmt.Errorf("kubeconfig %s: user %q: %s %s is outside the suite's directory %s: a kubeconfig the suite "+
				"brings chooses the server, and swarmhost does not send it the host's credentials; put the credential in "+
				"the kubeconfig or beside it, or name your own kubeconfig outside the suite", t.Kubeconfig, ctx.AuthInfo, key,
				p, t.SuiteDir)
		}
	}
	return nil
}

// within reports whether p, symlinks resolved, is dir or under it.
func within(dir, p string) bool {
	resolve := func(s string) string {
		if r, err := filepath.EvalSymlinks(s); err == nil {
			return r
		}
		return filepath.Clean(s)
	}
	rel, err := filepath.Rel(resolve(dir), resolve(p))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel)
}
