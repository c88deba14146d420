package sdkmodule_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/sdkmodule"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// TestEarlierSDKReleasesRunUnderThisHost: a plugin built against each
// earlier SDK release runs under today's host. Every release but the
// newest (whose plugins are the examples) keeps a plugin as source in
// testdata/compat/<version>/<example>, written against that release's API
// and requiring it by version: it is built outside the repository against
// the release from the file proxy of releases (from git, as `make
// sdk-proxy` serves it) and runs the example's suite with today's
// swarmhost, sandboxed, with the example's results. The wire is what a
// release promises to keep (docs/guides/sdk-versions.md).
func TestEarlierSDKReleasesRunUnderThisHost(t *testing.T) {
	releases, err := sdkmodule.ReadReleases(testplugins.Root())
	if err != nil {
		t.Fatal(err)
	}
	bin, swarmhost := hostBinaries(t)
	for _, r := range releases[:len(releases)-1] {
		dir := filepath.Join("testdata", "compat", r.Version)
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) == 0 {
			t.Errorf("SDK %s keeps no plugin as source in %s: add one written against its API (%v)", r.Version, dir, err)
			continue
		}
		for _, e := range entries {
			t.Run(r.Version+"/"+e.Name(), func(t *testing.T) {
				t.Parallel()
				mod := t.TempDir()
				for _, f := range []string{"go.mod", "main.go"} {
					copyFile(t, filepath.Join(dir, e.Name(), f), filepath.Join(mod, f))
				}
				goCmd(t, mod, env, "mod", "tidy")
				if got := goCmd(t, mod, env, "list", "-m", "-f", "{{.Version}}", sdkmodule.Path); got != r.Version {
					t.Fatalf("the plugin resolves SDK %s, want %s", got, r.Version)
				}
				suite := t.TempDir()
				copyFile(t, filepath.Join(exampleDir(e.Name()), "suite.hcl"), filepath.Join(suite, "suite.hcl"))
				if err := testplugins.GoBuild(mod, filepath.Join(suite, "plugins", examples[e.Name()].binary), ".", env...); err != nil {
					t.Fatal(err)
				}
				checkRun(t, bin, swarmhost, suite, e.Name())
			})
		}
	}
}
