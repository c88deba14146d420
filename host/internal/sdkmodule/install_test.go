package sdkmodule_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/sdkmodule"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// TestInstallAsTheGuideSays follows docs/guides/sdk-versions.md from
// outside the repository: `make sdk-proxy DIR=...` in the repository, its
// printed export lines as the only setup, then `go mod init`, `go get` of
// the newest release and a build of the exact-text scorer the guide shows;
// then the `replace` form beside it. The pins are what the guide says:
// go.sum pins the release by content, a binary's sha256 depends on how the
// SDK was resolved (a replace is recorded in the binary), and a build is
// the same in any directory either way.
func TestInstallAsTheGuideSays(t *testing.T) {
	proxy := t.TempDir()
	cmd := exec.Command("make", "-s", "sdk-proxy", "DIR="+proxy)
	cmd.Dir = testplugins.Root()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make sdk-proxy: %v\n%s", err, out)
	}
	var printed []string
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "export "); ok {
			printed = append(printed, v)
		}
	}
	if want := sdkmodule.EnvLines(proxy); strings.Join(printed, "\n") != strings.Join(want, "\n") {
		t.Fatalf("make sdk-proxy printed the exports %q, want %q:\n%s", printed, want, out)
	}
	if !strings.Contains(string(out), "go get "+sdkmodule.Path+"@"+version) {
		t.Errorf("make sdk-proxy does not say to get %s:\n%s", version, out)
	}
	// The printed lines, and only a private module cache (so that the
	// unpublished SDK stays out of the machine's) and this toolchain.
	guideEnv := append(printed, "GOMODCACHE="+modCache, "GOFLAGS=-modcacherw", "GOWORK=off", "GOTOOLCHAIN=local")

	byProxy := newModule(t, guideEnv, "go", "get", sdkmodule.Path+"@"+version)
	if sum := readFile(t, filepath.Join(byProxy, "go.sum")); !strings.Contains(sum, sdkmodule.Path+" "+version+" h1:") {
		t.Fatalf("go.sum does not pin SDK %s:\n%s", version, sum)
	}
	byReplace := newModule(t, guideEnv, "go", "mod", "edit", "-require="+sdkmodule.Path+"@"+version,
		"-replace="+sdkmodule.Path+"="+filepath.Join(testplugins.Root(), "sdk"))
	sums := map[string]string{}
	for name, mod := range map[string]string{"proxy": byProxy, "replace": byReplace} {
		goCmd(t, mod, guideEnv, "mod", "tidy")
		bin := filepath.Join(t.TempDir(), "swarmhost-scorer-exact-text")
		if err := testplugins.GoBuild(mod, bin, ".", guideEnv...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sums[name] = sha256File(t, bin)
	}
	if sums["proxy"] == sums["replace"] {
		t.Errorf("a replace build and a proxy build have one sha256 (%s); the guide says they differ", sums["proxy"])
	}
}

// newModule is a fresh module outside the repository holding the
// exact-text scorer the guides show, after `go mod init` and the setup
// command given.
func newModule(t *testing.T, env []string, setup ...string) string {
	t.Helper()
	mod := t.TempDir()
	for _, f := range []string{"exact.go", "main.go"} {
		copyFile(t, filepath.Join(exampleDir("exact-text"), f), filepath.Join(mod, f))
	}
	goCmd(t, mod, env, "mod", "init", "example.com/exact-text")
	goCmd(t, mod, env, setup[1:]...)
	return mod
}
