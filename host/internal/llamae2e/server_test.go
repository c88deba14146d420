package llamae2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// llamaServer finds the llama-server binary: $SWARMHOST_LLAMA_SERVER, else
// the path `make llama-server` recorded, else the setup script's default
// cache. When there is none the test is skipped with the reason the build
// failed — except under CI with no recorded failure, which is an error:
// `make test` builds it first.
func llamaServer(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test needs llama-server (make llama-server)")
	}
	root := testplugins.Root()
	candidates := []string{os.Getenv("SWARMHOST_LLAMA_SERVER")}
	if b, err := os.ReadFile(filepath.Join(root, ".tools", "llama-server.path")); err == nil {
		candidates = append(candidates, strings.TrimSpace(string(b)))
	}
	if home, err := os.UserHomeDir(); err == nil {
		candidates = append(candidates, filepath.Join(home, ".cache", "swarmhost", "llama.cpp", "build", "bin", "llama-server"))
	}
	for _, c := range candidates {
		if info, err := os.Stat(c); c != "" && err == nil && info.Mode()&0o111 != 0 {
			return c
		}
	}
	if reason, err := os.ReadFile(filepath.Join(root, ".tools", "llama-server.err")); err == nil {
		t.Skipf("llama-server could not be built on this machine:\n%s", reason)
	}
	if os.Getenv("CI") != "" {
		t.Fatal("llama-server is not built: `make test` builds it (make llama-server)")
	}
	t.Skip("llama-server is not built: run `make llama-server` (about 9 minutes, once per machine) or `make test`")
	return ""
}

// tinyModel is the tiny tool-calling model shipped beside the repository
// ($SWARMHOST_TINY_MODEL names it elsewhere, e.g. from a git worktree).
func tinyModel(t *testing.T) string {
	t.Helper()
	path := os.Getenv("SWARMHOST_TINY_MODEL")
	if path == "" {
		path = filepath.Join(testplugins.Root(), "..", "shared", "models", "tiny-toolcall", "tiny-toolcall.gguf")
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the tiny-toolcall model is not beside the repository (CI has ../shared): %v", err)
		}
		t.Skipf("the tiny-toolcall model is not beside the repository: %v", err)
	}
	return path
}

// serve starts llama-server on a free loopback port with one slot (requests
// queue, each with the whole 2048-token context) and returns its base URL
// once /health answers. The server and everything it started are killed
// when the test ends.
func serve(t *testing.T, bin, model string) string {
	t.Helper()
	port := freePort(t)
	logFile, err := os.Create(filepath.Join(t.TempDir(), "llama-server.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-m", model, "--jinja", "-c", "2048", "-np", "1", "-t", "2",
		"--host", "127.0.0.1", "--port", fmt.Sprint(port))
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start llama-server: %v", err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		logFile.Close()
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	if err := waitHealthy(url, 2*time.Minute); err != nil {
		b, _ := os.ReadFile(logFile.Name())
		t.Fatalf("llama-server did not become healthy: %v\n%s", err, b)
	}
	return url + "/v1"
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// waitHealthy polls /health until it answers 200 (503 while loading).
func waitHealthy(url string, within time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"/health", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("no healthy answer within %s (last error: %v)", within, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
