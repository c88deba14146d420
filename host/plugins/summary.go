package plugins

import "fmt"

// StartCause classifies a [*StartError] by what went wrong, so each
// start-up failure is reported under its own summary.
type StartCause string

// Start-up failure causes.
const (
	// CauseExited: the process exited (or crashed) before the handshake.
	CauseExited StartCause = "exited"
	// CauseHandshake: it answered, but not with a handshake this host
	// accepts (junk on stdout, another protocol version).
	CauseHandshake StartCause = "handshake"
	// CauseTimeout: no handshake within the start timeout.
	CauseTimeout StartCause = "timeout"
	// CauseMetadata: a Metadata method never returned.
	CauseMetadata StartCause = "metadata"
	// CauseExec: the file could not be executed at all.
	CauseExec StartCause = "exec"
	// CauseCancelled: the run ended while the plugin was starting.
	CauseCancelled StartCause = "cancelled"
	// CauseUntrustedPython: an untrusted Python plugin could not import
	// its modules in the sandbox.
	CauseUntrustedPython StartCause = "untrusted-python"
)

// summaries are the diagnostic summaries of the causes.
var summaries = map[StartCause]string{
	CauseExited:          "Plugin exited during start-up",
	CauseHandshake:       "Plugin handshake failed",
	CauseTimeout:         "Plugin did not start in time",
	CauseMetadata:        "Plugin hung in Metadata",
	CauseExec:            "Plugin could not be executed",
	CauseCancelled:       "Plugin start cancelled",
	CauseUntrustedPython: "Untrusted Python plugin cannot run sandboxed",
}

// Summary is the one-line diagnostic summary of the failure (host/config
// uses it instead of "No <kind> plugin named X").
func (e *StartError) Summary() string {
	if s, ok := summaries[e.Cause]; ok {
		return s
	}
	return "Plugin failed to start"
}

// PinAttribute points the diagnostic of an untrusted Python plugin at the
// plugin block's trust; other causes point at the plugin's use.
func (e *StartError) PinAttribute() string {
	if e.Cause == CauseUntrustedPython {
		return "trust"
	}
	return ""
}

// Summary is the diagnostic summary of a checksum mismatch.
func (e *ChecksumError) Summary() string { return "Plugin binary does not match its sha256" }

// PinAttribute names the plugin-block attribute a diagnostic should point
// at: the pinned digest.
func (e *ChecksumError) PinAttribute() string { return "sha256" }

// Summary is the diagnostic summary of a binary that lacks the plugin.
func (e *NotServedError) Summary() string {
	return fmt.Sprintf("Binary does not serve %s plugin %q", e.Binary.Kind, e.Binary.Name)
}

// Summary is the diagnostic summary of a plugin found nowhere.
func (e *NotFoundError) Summary() string {
	return fmt.Sprintf("No %s plugin named %q", e.Kind, e.Name)
}
