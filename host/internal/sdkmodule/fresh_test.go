package sdkmodule_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/sdkmodule"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// version is the SDK version the fresh module requires: the newest release
// (scripts/sdk-releases.txt), set by TestMain.
var version string

// TestPluginInAFreshModule copies each example plugin (examples/plugins/<name>,
// its own module) outside the repository, drops its replace of the SDK, and
// builds and tests it (with sdktest) against the SDK required by version,
// served from a local file proxy of the releases, from git, as `make
// sdk-proxy` writes it. The
// module's other dependencies come from the module cache as a proxy (else
// the Go proxy), into a private module cache, so the published SDK never
// lands in the machine's.
//
// An example with a suite test (sdk/plugintest) runs it through today's
// swarmhost binary ($SWARMHOST_BIN), from the fresh module, which needs
// nothing of the host's module for it.
func TestPluginInAFreshModule(t *testing.T) {
	_, swarmhost := buildHost(t) // the plugin under test runs trusted: no sandbox needed
	for name := range examples {
		t.Run(name, func(t *testing.T) {
			mod := copyFresh(t, name, t.TempDir())
			if sum := readFile(t, filepath.Join(mod, "go.sum")); !strings.Contains(sum, sdkmodule.Path+" "+version+" h1:") {
				t.Fatalf("go.sum does not pin the published SDK:\n%s", sum)
			}
			if out := goCmd(t, mod, env, "list", "-m", "-f", "{{.Path}} {{.Version}} {{.Replace}}", sdkmodule.Path); out != sdkmodule.Path+" "+version+" <nil>" {
				t.Fatalf("the SDK resolves as %q, want the published %s without a replace", out, version)
			}
			goCmd(t, mod, env, "vet", "-trimpath", "./...")
			withHost := append(append([]string{}, env...), "SWARMHOST_BIN="+swarmhost)
			out := goCmd(t, mod, withHost, "test", "-trimpath", "-count=1", "-v", "./...")
			if _, err := os.Stat(filepath.Join(mod, "suite_test.go")); err == nil && !strings.Contains(out, "--- PASS: TestInASuite") {
				t.Errorf("the suite test did not pass through swarmhost:\n%s", out)
			}
			if sum := readFile(t, filepath.Join(mod, "go.sum")); strings.Contains(sum, "hashicorp/hcl") {
				t.Errorf("the fresh module's go.sum holds the host's dependencies (hcl):\n%s", sum)
			}
		})
	}
}

// TestReproducibleBuild builds an example plugin, out of the repository, in two directories
// with the project's build flags and wants one sha256: the pin a suite
// writes must not depend on where the binary was built.
func TestReproducibleBuild(t *testing.T) {
	var sums []string
	for range 2 {
		mod := copyFresh(t, "exact-text", t.TempDir())
		bin := filepath.Join(t.TempDir(), "swarmhost-scorer-exact-text")
		if err := testplugins.GoBuild(mod, bin, ".", env...); err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sha256File(t, bin))
	}
	if sums[0] != sums[1] {
		t.Errorf("the same source built in two directories: sha256 %s and %s", sums[0], sums[1])
	}
}

// env is the go command's environment for a module outside the
// repository, set up by TestMain: GOPROXY serves the published SDK, then
// the module cache's downloads (then the Go proxy); a private module cache
// keeps the published SDK out of the machine's. (The vet and test commands
// pass -trimpath, as the build flags do, so that all share the build cache
// whatever the directories.)
var env []string

// proxyDir and modCache are the file proxy of the SDK's releases and the
// private module cache, set by TestMain.
var proxyDir, modCache string

// buildDir holds what the tests build once (hostBinaries), removed after
// them; set by TestMain.
var buildDir string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "sdkmodule-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	proxy, cache := filepath.Join(dir, "proxy"), filepath.Join(dir, "modcache")
	releases, err := sdkmodule.ReadReleases(testplugins.Root())
	if err != nil {
		panic(err)
	}
	if err := sdkmodule.WriteReleases(proxy, testplugins.Root(), releases); err != nil {
		panic(err)
	}
	version, proxyDir, modCache, buildDir = releases[len(releases)-1].Version, proxy, cache, dir
	out, err := exec.Command(testplugins.GoBinary(), "env", "GOMODCACHE").Output()
	if err != nil {
		panic(err)
	}
	downloads := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	env = []string{
		"GOPROXY=file://" + proxy + ",file://" + downloads + ",https://proxy.golang.org",
		"GOMODCACHE=" + cache, "GOFLAGS=-modcacherw", "GOSUMDB=off", "GOWORK=off", "GOTOOLCHAIN=local",
	}
	return m.Run()
}

// copyFresh copies the example plugin name's module into dir, outside the
// repository, as an author would copy it: its sources and go.mod, without
// the replace of the SDK, tidied against the published SDK.
func copyFresh(t *testing.T, name, dir string) string {
	t.Helper()
	src := exampleDir(name)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Type().IsRegular() && (strings.HasSuffix(e.Name(), ".go") || e.Name() == "go.mod" || e.Name() == "suite.hcl") {
			copyFile(t, filepath.Join(src, e.Name()), filepath.Join(dir, e.Name()))
		}
	}
	goCmd(t, dir, env, "mod", "edit", "-dropreplace", sdkmodule.Path)
	goCmd(t, dir, env, "mod", "tidy")
	return dir
}

// goCmd runs the go command in dir with env added and returns its trimmed
// stdout, failing the test with its output on an error.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(testplugins.GoBinary(), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s in %s: %v\n%s%s", strings.Join(args, " "), dir, err, out, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func sha256File(t *testing.T, path string) string {
	t.Helper()
	sum := sha256.Sum256([]byte(readFile(t, path)))
	return hex.EncodeToString(sum[:])
}
