package sdkmodule_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/isolate"
)

// examples are the example plugins: the binary each README builds, and
// what its suite's run must show.
var examples = map[string]struct {
	binary string
	// scorer and accuracy are the eval's score; log is text `swarmhost log`
	// prints for the run.
	scorer   string
	accuracy float64
	log      []string
}{
	"exact-text": {binary: "swarmhost-scorer-exact-text", scorer: "exact-text", accuracy: 0.5,
		log: []string{`france  1      "paris"  exact-text=C`, `rhone   1      "paris"  exact-text=I`}},
	"relay": {binary: "swarmhost-controller-relay", scorer: "match", accuracy: 1,
		log: []string{"solver-1:unsubmitted solver-2:submitted"}},
}

// TestExamplePlugins builds each example plugin (examples/plugins/<name>,
// its own module requiring the SDK) from its module into a plugins
// directory beside a copy of its suite, as its README does, and runs the
// suite with the real swarmhost binary: the plugin is found there, runs as
// an untrusted (sandboxed) plugin, and scores as the README says. The
// examples' own tests (sdktest) run in their modules (make test does).
func TestExamplePlugins(t *testing.T) {
	bin, swarmhost := hostBinaries(t)
	for name := range examples {
		t.Run(name, func(t *testing.T) {
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

// checkRun runs suite with swarmhost and checks the run's summary and log
// against the example's.
func checkRun(t *testing.T, bin, swarmhost, suite, example string) {
	t.Helper()
	ex := examples[example]
	out := runHost(t, bin, swarmhost, "run", "--json", "--log-dir", t.TempDir(), suite)
	var sum struct {
		Status string
		Log    string
		Scores map[string]map[string]float64
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("swarmhost run --json printed %q: %v", out, err)
	}
	if sum.Status != "success" || sum.Scores[ex.scorer]["accuracy"] != ex.accuracy {
		t.Errorf("the run's summary is %s, want success and %s accuracy %v", out, ex.scorer, ex.accuracy)
	}
	log := runHost(t, bin, swarmhost, "log", sum.Log)
	for _, want := range ex.log {
		if !strings.Contains(log, want) {
			t.Errorf("swarmhost log does not show %q:\n%s", want, log)
		}
	}
}

var hostBuild struct {
	once           sync.Once
	bin, swarmhost string
	err            error
}

// hostBinaries builds today's swarmhost and the repository's plugins once
// per test binary, into a directory it returns with swarmhost's path; it
// skips when the machine has no sandbox (the plugins built here run
// untrusted), unless one is expected.
func hostBinaries(t *testing.T) (string, string) {
	t.Helper()
	needSandbox(t)
	return buildHost(t)
}

// needSandbox skips when the machine has no sandbox (a plugin built by a
// test runs untrusted), unless one is expected.
func needSandbox(t *testing.T) {
	t.Helper()
	if isolate.Default().Tier() == isolate.TierNone {
		if err := isolate.ExpectationError(); err != nil {
			t.Fatal(err)
		}
		t.Skipf("a plugin built here runs untrusted, and this machine offers no sandbox (%s)", isolate.Default().Describe())
	}
}

// buildHost builds today's swarmhost and the repository's plugins once per
// test binary (hostBinaries without the sandbox's check).
func buildHost(t *testing.T) (string, string) {
	t.Helper()
	hostBuild.once.Do(func() {
		hostBuild.bin = filepath.Join(buildDir, "host")
		hostBuild.swarmhost = filepath.Join(hostBuild.bin, "swarmhost")
		if hostBuild.err = testplugins.GoBuild(testplugins.Root(), hostBuild.swarmhost, "./cmd/swarmhost"); hostBuild.err == nil {
			_, hostBuild.err = testplugins.Build(hostBuild.bin)
		}
	})
	if hostBuild.err != nil {
		t.Fatal(hostBuild.err)
	}
	return hostBuild.bin, hostBuild.swarmhost
}

// runHost runs swarmhost with the repository's plugins on the plugin path
// and returns its stdout, failing the test on a non-zero exit.
func runHost(t *testing.T, bin, swarmhost string, args ...string) string {
	t.Helper()
	cmd := exec.Command(swarmhost, args...)
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+bin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("swarmhost %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// exampleDir is the example plugin's directory in the repository.
func exampleDir(name string) string {
	return filepath.Join(testplugins.Root(), "examples", "plugins", name)
}
