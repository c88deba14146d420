package sdkmodule_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	if isolate.Default().Tier() == isolate.TierNone {
		if err := isolate.ExpectationError(); err != nil {
			t.Fatal(err)
		}
		t.Skipf("an example plugin runs untrusted, and this machine offers no sandbox (%s)", isolate.Default().Describe())
	}
	bin := t.TempDir()
	swarmhost := filepath.Join(bin, "swarmhost")
	if err := testplugins.GoBuild(testplugins.Root(), swarmhost, "./cmd/swarmhost"); err != nil {
		t.Fatal(err)
	}
	if _, err := testplugins.Build(bin); err != nil {
		t.Fatal(err)
	}
	for name, ex := range examples {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite := t.TempDir()
			copyFile(t, filepath.Join(exampleDir(name), "suite.hcl"), filepath.Join(suite, "suite.hcl"))
			plugin := filepath.Join(suite, "plugins", ex.binary)
			if err := testplugins.GoBuild(exampleDir(name), plugin, "."); err != nil {
				t.Fatal(err)
			}
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
		})
	}
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
