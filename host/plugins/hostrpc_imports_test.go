package plugins

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const (
	hostRPC     = "github.com/swarmhost/swarmhost/sdk/hostrpc"
	hostRPCTest = "github.com/swarmhost/swarmhost/sdk/hostrpc/hostrpctest"
)

// mayImportHostRPC are the host module's trees that may reach the host's
// half of the plugin protocol: this package, which hands the rest of the
// host plain Go interfaces, and the benchmarks that measure it.
var mayImportHostRPC = []string{
	"github.com/swarmhost/swarmhost/host/plugins",
	"github.com/swarmhost/swarmhost/bench",
}

// TestOnlyPluginsImportsHostRPC: no package of the host module outside
// host/plugins and bench/ imports sdk/hostrpc (DESIGN: no package outside
// host/plugins and sdk/ touches gRPC); other host packages' tests may use
// its in-process helper, sdk/hostrpc/hostrpctest, and nothing else of it.
func TestOnlyPluginsImportsHostRPC(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./... in the module root: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		seen++
		if underAny(p.ImportPath, mayImportHostRPC) {
			continue
		}
		for _, imp := range p.Imports {
			if imp == hostRPC || strings.HasPrefix(imp, hostRPC+"/") {
				t.Errorf("%s imports %s: reach plugins through host/plugins", p.ImportPath, imp)
			}
		}
		for _, imp := range append(p.TestImports, p.XTestImports...) {
			if imp == hostRPC || (strings.HasPrefix(imp, hostRPC+"/") && imp != hostRPCTest) {
				t.Errorf("the tests of %s import %s: use %s or host/plugins", p.ImportPath, imp, hostRPCTest)
			}
		}
	}
	if seen < 20 {
		t.Fatalf("go list found only %d packages", seen)
	}
}

// underAny reports whether pkg is one of roots or below one.
func underAny(pkg string, roots []string) bool {
	for _, r := range roots {
		if pkg == r || strings.HasPrefix(pkg, r+"/") {
			return true
		}
	}
	return false
}
