package sdkmodule_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/sdkmodule"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// TestTodaysPluginsRunUnderThePreviousHost: a plugin built today, against
// today's SDK, runs under the previous host release, the newest of
// scripts/host-releases.txt. That release is built from git (its tree, by
// `git archive`, never the working tree): its swarmhost and its built-in
// plugins, as `make build` installs them. Each example plugin
// (examples/plugins/<name>) is built from its module, as its README does,
// into a plugins directory beside a copy of its suite, and the old swarmhost
// runs the suite with it, sandboxed (it is untrusted there), once with the
// old release's built-in plugins and once with today's, with the example's
// summary; the old `swarmhost log` reads the log the old host
// wrote and shows the example's answers and scores. A new capability the
// old host did not list must degrade, never fail the plugin
// (docs/guides/sdk-versions.md).
func TestTodaysPluginsRunUnderThePreviousHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the previous host release from git: not under -short")
	}
	needSandbox(t)
	releases, err := sdkmodule.ReadHostReleases(testplugins.Root())
	if err != nil {
		t.Fatal(err)
	}
	if len(releases) == 0 {
		t.Fatalf("%s lists no host release", sdkmodule.HostReleasesFile)
	}
	previous := releases[len(releases)-1]
	oldBin, swarmhost := buildHostRelease(t, previous)
	todayBin, _ := buildHost(t)
	// The plugins the suites use beside the example's (the scripted agent,
	// the leaderless controller, the match scorer) are the old release's
	// own, as installed with it, or today's built-in plugins, built against
	// today's SDK too.
	builtins := map[string]string{"old built-ins": oldBin, "today's built-ins": todayBin}
	for name := range examples {
		for with, bin := range builtins {
			t.Run(previous.Version+"/"+name+"/"+with, func(t *testing.T) {
				t.Parallel()
				suite := t.TempDir()
				copyFile(t, filepath.Join(exampleDir(name), "suite.hcl"), filepath.Join(suite, "suite.hcl"))
				if err := testplugins.GoBuild(exampleDir(name), filepath.Join(suite, "plugins", examples[name].binary), "."); err != nil {
					t.Fatal(err)
				}
				checkRun(t, bin, swarmhost, suite, name)
			})
		}
	}
}

// buildHostRelease extracts the tree of the host release r from git into a
// temporary directory and builds its swarmhost and every built-in plugin
// (plugins/<kind>s/<name>, as swarmhost-<kind>-<name>) into a directory it
// returns with swarmhost's path. The release's own go.mod builds it (its
// SDK is its ./sdk); missing sums are fetched (-mod=mod), the build cache
// is the machine's.
func buildHostRelease(t *testing.T, r sdkmodule.Release) (string, string) {
	t.Helper()
	root := testplugins.Root()
	if err := exec.Command("git", "-C", root, "rev-parse", "-q", "--verify", r.Commit+"^{commit}").Run(); err != nil {
		t.Fatalf("host %s: commit %s (%s) is not in %s's history; a shallow clone lacks it: `git fetch --unshallow`: %v",
			r.Version, r.Commit, sdkmodule.HostReleasesFile, root, err)
	}
	tree := t.TempDir()
	archive := exec.Command("git", "-C", root, "archive", "--format=tar", r.Commit)
	untar := exec.Command("tar", "-x", "-C", tree)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	untar.Stdin = pipe
	var archiveErr, untarErr strings.Builder
	archive.Stderr, untar.Stderr = &archiveErr, &untarErr
	if err := untar.Start(); err != nil {
		t.Fatal(err)
	}
	if err := archive.Run(); err != nil {
		t.Fatalf("git archive %s: %v\n%s", r.Commit, err, archiveErr.String())
	}
	if err := untar.Wait(); err != nil {
		t.Fatalf("tar -x of host %s: %v\n%s", r.Version, err, untarErr.String())
	}

	mains, err := filepath.Glob(filepath.Join(tree, "plugins", "*", "*", "main.go"))
	if err != nil || len(mains) == 0 {
		t.Fatalf("host %s has no built-in plugins under plugins/<kind>s/<name> (%v)", r.Version, err)
	}
	bin := t.TempDir()
	args := append(append([]string{"build"}, testplugins.BuildFlags...), "-o", bin+string(filepath.Separator), "./cmd/swarmhost")
	for _, m := range mains {
		args = append(args, "./"+filepath.ToSlash(mustRel(t, tree, filepath.Dir(m))))
	}
	goCmd(t, tree, []string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local"}, args...)
	for _, m := range mains {
		pkg := filepath.Dir(m)
		kind := strings.TrimSuffix(filepath.Base(filepath.Dir(pkg)), "s")
		name := filepath.Base(pkg)
		if err := os.Rename(filepath.Join(bin, name), filepath.Join(bin, "swarmhost-"+kind+"-"+name)); err != nil {
			t.Fatalf("host %s's plugin %s-%s: %v", r.Version, kind, name, err)
		}
	}
	return bin, filepath.Join(bin, "swarmhost")
}

func mustRel(t *testing.T, base, path string) string {
	t.Helper()
	rel, err := filepath.Rel(base, path)
	if err != nil {
		t.Fatal(err)
	}
	return rel
}
