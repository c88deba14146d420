package sdk_test

import (
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// forbidden are the module's trees the SDK must never depend on: a plugin
// author imports sdk/ and gets nothing of the host or the built-in plugins.
var forbidden = []string{
	"github.com/swarmhost/swarmhost/host",
	"github.com/swarmhost/swarmhost/plugins",
}

// TestSDKDoesNotDependOnHost checks `go list -deps` from the sdk directory,
// for the packages themselves and for them with their tests.
func TestSDKDoesNotDependOnHost(t *testing.T) {
	t.Parallel()
	tests := map[string][]string{
		"packages":            {"list", "-deps", "./..."},
		"packages with tests": {"list", "-deps", "-test", "./..."},
	}
	for name, args := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(goTool(), args...)
			cmd.Dir = "." // the test runs in the sdk directory
			out, err := cmd.Output()
			if err != nil {
				var stderr string
				if ee, ok := err.(*exec.ExitError); ok {
					stderr = string(ee.Stderr)
				}
				t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr)
			}
			// With -test a line may read "pkg [pkg.test]"; the first field is
			// the package.
			var deps []string
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				if f := strings.Fields(line); len(f) > 0 {
					deps = append(deps, f[0])
				}
			}
			if !slices.Contains(deps, "github.com/swarmhost/swarmhost/sdk/internal/hostside") {
				t.Fatalf("go %s did not list the sdk's own packages:\n%s", strings.Join(args, " "), out)
			}
			for _, dep := range deps {
				for _, prefix := range forbidden {
					if dep == prefix || strings.HasPrefix(dep, prefix+"/") {
						t.Errorf("sdk depends on %s", dep)
					}
				}
			}
		})
	}
}

// hostModules are modules of the host's that the SDK module's graph must
// not hold: an author who requires the SDK downloads none of them.
var hostModules = []string{
	"github.com/swarmhost/swarmhost", // the host module itself
	"github.com/hashicorp/hcl/",
	"github.com/zclconf/go-cty",
	"github.com/docker/",
	"github.com/containerd/",
	"github.com/compose-spec/",
	"k8s.io/",
	"sigs.k8s.io/",
	"github.com/openai/",
	"github.com/santhosh-tekuri/jsonschema",
	"github.com/klauspost/compress",
	"github.com/charmbracelet/",
	"github.com/creack/pty",
}

// TestSDKModuleGraph checks `go list -m all` of the SDK module (sdk/go.mod):
// it is its own module, and its graph holds none of the host's modules.
func TestSDKModuleGraph(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(goTool(), "list", "-m", "all")
	cmd.Dir = "."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m all: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if lines[0] != "github.com/swarmhost/swarmhost/sdk" {
		t.Fatalf("the main module is %q, want github.com/swarmhost/swarmhost/sdk (sdk/go.mod)", lines[0])
	}
	for _, line := range lines[1:] {
		mod := strings.Fields(line)[0]
		for _, host := range hostModules {
			if isUnder(mod, host) {
				t.Errorf("the SDK module's graph holds the host's %s", mod)
			}
		}
	}
}

// isUnder says whether mod is prefix (a path prefix when it ends in "/",
// else that module or one below it).
func isUnder(mod, prefix string) bool {
	if strings.HasSuffix(prefix, "/") {
		return strings.HasPrefix(mod, prefix)
	}
	return mod == prefix || strings.HasPrefix(mod, prefix+"/")
}

// hostHalf are the SDK module's packages that make up the host's half of
// the protocol: only sdk/sdktest (whose in-process engine pairs both
// halves) and the facade module sdk/hostrpc may reach them.
var hostHalf = []string{
	"github.com/swarmhost/swarmhost/sdk/internal/hostside",
	"github.com/swarmhost/swarmhost/sdk/internal/loopback",
}

// TestPublicPackagesLeaveOutTheHostHalf: no public package of the SDK but
// sdktest depends on the host's half of the protocol, and `go doc` of every
// public package (sdktest included) names no protocol machinery, generated
// or the host's.
func TestPublicPackagesLeaveOutTheHostHalf(t *testing.T) {
	t.Parallel()
	for _, pkg := range publicPackages(t) {
		t.Run(strings.TrimPrefix(pkg, "github.com/swarmhost/swarmhost/"), func(t *testing.T) {
			t.Parallel()
			if !strings.HasSuffix(pkg, "/sdktest") {
				for _, dep := range goList(t, "-deps", pkg) {
					if slices.Contains(hostHalf, dep) {
						t.Errorf("%s depends on the host's half, %s", pkg, dep)
					}
				}
			}
			doc := string(goOutput(t, "doc", "-all", pkg))
			for _, word := range []string{"hostside", "pluginside", "loopback", "pluginpb", "hostrpc", "grpc.",
				"plugin.PluginSet", "internal/"} {
				if strings.Contains(doc, word) {
					t.Errorf("go doc %s mentions %q", pkg, word)
				}
			}
		})
	}
}

// TestEveryPublicPackageHasAnExample: each public package of the SDK has
// at least one Example function whose output go test checks.
func TestEveryPublicPackageHasAnExample(t *testing.T) {
	t.Parallel()
	for _, pkg := range publicPackages(t) {
		dir := strings.TrimSpace(string(goOutput(t, "list", "-f", "{{.Dir}}", pkg)))
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "\nfunc Example") && strings.Contains(string(src), "// Output:") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s has no Example with // Output:", pkg)
		}
	}
}

// publicPackages are the SDK module's packages outside internal/.
func publicPackages(t *testing.T) []string {
	var out []string
	for _, pkg := range goList(t, "./...") {
		if !strings.Contains(pkg, "/internal/") && !strings.HasSuffix(pkg, "/internal") {
			out = append(out, pkg)
		}
	}
	if len(out) < 8 {
		t.Fatalf("go list ./... found only %v", out)
	}
	return out
}

// goList runs `go list ARGS` in the sdk directory: the packages, one a line.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	return strings.Fields(string(goOutput(t, append([]string{"list"}, args...)...)))
}

// goOutput runs the go command in the sdk directory and returns its stdout.
func goOutput(t *testing.T, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(goTool(), args...)
	cmd.Dir = "."
	out, err := cmd.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return out
}

// goTool is the go command of the toolchain running the test, else "go".
func goTool() string {
	// Under `go test`, go/build's default GOROOT is the toolchain running
	// the test, which is the one whose view of the module we want.
	p := filepath.Join(build.Default.GOROOT, "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return "go"
}
