package refdocs

import (
	"bytes"
	"os"
	"os/exec"
)

// runner runs the built swarmhost with a clean environment, so the pages do
// not depend on who generates them ($INSPECT_LOG_DIR changes a default).
type runner struct {
	swarmhost, bin string
}

// output runs swarmhost with args and returns what it printed on stdout
// and stderr; a usage text exits 0 or 2, both fine here.
func (r runner) output(args ...string) ([]byte, error) {
	cmd := exec.Command(r.swarmhost, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TMPDIR=" + os.TempDir(),
		"NO_COLOR=1", "SWARMHOST_PLUGIN_PATH=" + r.bin}
	cmd.Dir = r.bin
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 2 {
		err = nil
	}
	return out.Bytes(), err
}

// stdout runs swarmhost with args and returns its stdout.
func (r runner) stdout(args ...string) ([]byte, error) {
	cmd := exec.Command(r.swarmhost, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TMPDIR=" + os.TempDir(),
		"NO_COLOR=1", "SWARMHOST_PLUGIN_PATH=" + r.bin}
	cmd.Dir = r.bin
	cmd.Stderr = os.Stderr
	return cmd.Output()
}
