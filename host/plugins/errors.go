package plugins

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"syscall"

	"github.com/hashicorp/go-plugin"

	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// StartError is a plugin process that could not be started or did not
// complete the go-plugin handshake. Nothing of it is left running.
type StartError struct {
	// Binary is the plugin that failed.
	Binary Binary
	// Problem says what went wrong and what to do, in the user's terms.
	Problem string
	// Stderr holds the last lines the plugin wrote to stderr.
	Stderr []string
	// Cause classifies the failure (see [StartError.Summary]).
	Cause StartCause
	// Err is go-plugin's (or exec's) own error.
	Err error
}

// Error names the plugin and its path, says what went wrong and ends with
// the last lines of the plugin's stderr.
func (e *StartError) Error() string {
	return "start " + e.Binary.String() + ": " + e.Problem + stderrSuffix(e.Stderr)
}

// Unwrap returns go-plugin's error.
func (e *StartError) Unwrap() error { return e.Err }

// stderrSuffix renders the last lines of a plugin's stderr.
func stderrSuffix(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return "; last lines of its stderr:\n    " + strings.Join(lines, "\n    ")
}

var (
	junkRE    = regexp.MustCompile(`Unrecognized remote plugin message: ([^\n]*)`)
	versionRE = regexp.MustCompile(`(?i)incompatible API version with plugin\. Plugin version: (\d+), Client versions: \[([\d ]*)\]`)
)

// startError turns go-plugin's start-up error into a [*StartError] (or a
// [*ChecksumError]).
func (p *Process) startError(err error, opts Options) error {
	if errors.Is(err, plugin.ErrChecksumsDoNotMatch) {
		return &ChecksumError{Kind: p.bin.Kind, Name: p.bin.Name, Path: p.bin.Path, Expected: p.bin.SHA256}
	}
	e := &StartError{Binary: p.bin, Stderr: p.tail.Lines(), Err: err}
	e.Problem, e.Cause = problem(err, p.bin, opts)
	if py := untrustedPythonProblem(p.bin, e.Stderr); py != "" {
		e.Problem, e.Cause = py, CauseUntrustedPython
	} else if py := pythonProblem(p.bin, e.Stderr, err.Error()); py != "" {
		e.Problem = py
	}
	if mp := metadataHangProblem(err, e.Stderr, opts); mp != "" {
		e.Problem, e.Cause = mp, CauseMetadata
	}
	if e.Problem == exitedEarly && len(e.Stderr) == 0 {
		e.Problem += " and wrote nothing to stderr"
	}
	return e
}

// exitedEarly is the problem of a plugin that exited before the handshake.
const exitedEarly = "it exited before the go-plugin handshake"

// problem explains a start-up error and classifies it.
func problem(err error, b Binary, opts Options) (string, StartCause) {
	msg := err.Error()
	if m := junkRE.FindStringSubmatch(msg); m != nil && strings.TrimSpace(m[1]) != "" {
		return fmt.Sprintf("it printed %q on stdout before the go-plugin handshake; plugins must log to stderr "+
			"(stdout carries the handshake), so nothing may print to stdout before Serve", strings.TrimSpace(m[1])), CauseHandshake
	}
	if m := versionRE.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("it speaks plugin protocol version %s, but this swarmhost speaks version %s; "+
			"rebuild the plugin against a swarmhost SDK of protocol version %s", m[1], hostVersions(m[2]), hostVersions(m[2])), CauseHandshake
	}
	switch {
	case junkRE.MatchString(msg), strings.Contains(msg, "plugin exited before we could connect"):
		return exitedEarly, CauseExited
	case isHandshakeTimeout(err):
		return fmt.Sprintf("it did not complete the go-plugin handshake within %s (slow set-up belongs after Serve; "+
			"raise start_timeout on its plugin block if it must be slow)", opts.StartTimeout), CauseTimeout
	case errors.Is(err, context.Canceled):
		return "the run was closed while it was starting", CauseCancelled
	}
	return execProblem(err, b), CauseExec
}

// hostVersions renders go-plugin's "[1 2]" list, or the SDK's version.
func hostVersions(list string) string {
	if f := strings.Fields(list); len(f) > 0 {
		return strings.Join(f, " or ")
	}
	return fmt.Sprint(hostrpc.ProtocolVersion)
}

// execProblem explains errors from exec itself.
func execProblem(err error, b Binary) string {
	switch {
	case errors.Is(err, syscall.ENOEXEC):
		return fmt.Sprintf("it could not be executed (%v): it is not a program for this machine", err)
	case errors.Is(err, fs.ErrNotExist) && unusable(b.Path) == "":
		return fmt.Sprintf("it could not be executed (%v): the file exists, so its interpreter or dynamic loader is missing", err)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("it could not be executed (%v): check its permissions", err)
	}
	return fmt.Sprintf("it failed to start: %v", err)
}

// crashError describes a process that exited on its own after starting.
func (p *Process) crashError() error {
	return fmt.Errorf("%s exited unexpectedly%s", p.bin, stderrSuffix(p.tail.Lines()))
}
