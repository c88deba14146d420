// Package testplugins builds the repository's plugin binaries for tests
// that need real plugin processes. A test package calls Build once from its
// TestMain and points SWARMHOST_PLUGIN_PATH at the directory.
package testplugins

import (
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// Root returns the repository root (the directory holding go.mod).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", ".."))
}

// Build compiles every plugin under plugins/<kind>s/<name> into dir as
// swarmhost-<kind>-<name>, in parallel, and returns the binaries' paths by
// "<kind>-<name>".
func Build(dir string) (map[string]string, error) {
	root := Root()
	dirs, err := filepath.Glob(filepath.Join(root, "plugins", "*", "*", "main.go"))
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make(chan error, len(dirs))
	for _, main := range dirs {
		pkg := filepath.Dir(main)
		kind := strings.TrimSuffix(filepath.Base(filepath.Dir(pkg)), "s")
		name := filepath.Base(pkg)
		bin := filepath.Join(dir, "swarmhost-"+kind+"-"+name)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := GoBuild(root, bin, "./"+mustRel(root, pkg)); err != nil {
				errs <- err
				return
			}
			mu.Lock()
			out[kind+"-"+name] = bin
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return out, nil
}

// BuildFlags are the go build flags of every plugin binary, as in the
// Makefile's GOBUILD: -trimpath keeps the build directory out of the
// binary, -buildvcs=false the checkout's commit and dirty state, so the same
// source gives the same bytes, and one sha256 pin, wherever it is built;
// -ldflags=-w leaves out the DWARF data, which no run reads but every run
// hashes.
var BuildFlags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-w"}

// GoBuild runs `go build BuildFlags -o out pkg` in dir; env, "KEY=value"
// entries, is added to the test process's environment.
func GoBuild(dir, out, pkg string, env ...string) error {
	args := append(append([]string{"build"}, BuildFlags...), "-o", out, pkg)
	cmd := exec.Command(GoBinary(), args...)
	cmd.Dir = dir
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}

// GoBinary is the go command of the toolchain running the test, else "go".
func GoBinary() string {
	if p := filepath.Join(build.Default.GOROOT, "bin", "go"); fileExists(p) {
		return p
	}
	return "go"
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func mustRel(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return rel
}
