package kube

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzConnect feeds arbitrary bytes, as a kubeconfig, to Connect: it
// returns a client or an error, never panics, and reading a kubeconfig
// runs nothing (issue 27: a suite's kubeconfig with an exec credential
// plugin ran its command as root); the exec seed's command would leave
// a canary.
func FuzzConnect(f *testing.F) {
	canary := filepath.Join(f.TempDir(), "exec-ran")
	exec := `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: /bin/sh, args: ["-c", "touch CANARY"], interactiveMode: Never}}}]
contexts: [{name: x, context: {cluster: c, user: u, namespace: ns}}]
current-context: x
`
	for _, s := range []string{
		strings.ReplaceAll(exec, "CANARY", canary),
		"apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: \"https://10.0.0.1\"}}]\n" +
			"users: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n",
		"apiVersion: v1\nkind: Config\n", "current-context: nowhere\n", "{", "users: [{name: u, user: {auth-provider: {name: gcp}}}]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "kubeconfig")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		_, _ = Connect(Target{Kubeconfig: path})
		if _, err := os.Stat(canary); err == nil {
			t.Fatalf("reading the kubeconfig ran its exec plugin: %q", data)
		}
	})
}
