package isolate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"time"
)

// selfExe reaches the host binary whatever the directories on its path
// allow.
const selfExe = "/proc/self/exe"

// initCheckTimeout bounds the protocol check of an [InitProgram].
const initCheckTimeout = 10 * time.Second

// wireTypes are the cell's messages, part of the [protocol].
var wireTypes = []reflect.Type{reflect.TypeFor[cellRequest](), reflect.TypeFor[cellReply]()}

// initPath is the program the launcher starts as the sandbox init, chosen
// once per process: the [InitProgram] beside the host binary when it is
// safe to run and speaks the launcher's protocol, else the host itself.
// (A variable so that tests can point it elsewhere.)
var initPath = sync.OnceValue(func() string { return chooseInit(besideHost()) })

// besideHost is where the host's [InitProgram] would be; "" when the host
// binary cannot be found or is itself that program.
func besideHost() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	path := filepath.Join(filepath.Dir(exe), InitProgram)
	if path == exe {
		return ""
	}
	return path
}

// chooseInit is path when it may be run as the init, else [selfExe].
func chooseInit(path string) string {
	if path == "" || usableInit(path) != nil || checkInit(path) != nil {
		return selfExe
	}
	return path
}

// usableInit says why path may not be run as the sandbox init: it must be
// a regular executable file, and neither it nor its directory writable by
// anyone but its owner — root or the user the host runs as — so that no
// one who could not already replace the host can replace the init.
func usableInit(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("%s is not an executable file", path)
	}
	if err := safeOwner(path, fi); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	di, err := os.Stat(dir)
	if err != nil {
		return err
	}
	return safeOwner(dir, di)
}

// safeOwner accepts a file owned by root or by the host's user and
// writable by its owner only.
func safeOwner(path string, fi os.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("%s: no owner", path)
	}
	if st.Uid != 0 && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s belongs to uid %d, neither root nor the host's user", path, st.Uid)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by its group or others", path)
	}
	return nil
}

// checkInit runs path as the init in check mode, outside any namespace:
// it must answer with the launcher's protocol (so a program that merely
// exits 0 is not taken for an init).
func checkInit(path string) error {
	env, err := policy{Mode: modeCheck}.environ()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), initCheckTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, InitArg)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	if err := Start(cmd); err != nil {
		return err
	}
	if err := cmd.Wait(); err != nil {
		return errors.Join(err, errors.New(strings.TrimSpace(stderr.String())))
	}
	if stdout.String() != protocol() {
		return fmt.Errorf("%s answered %q, not protocol %s", path, stdout.String(), protocol())
	}
	return nil
}
