package isolate

import (
	"encoding/json"
	"fmt"
	"os"
)

// InitArg is argv[1] of the re-executed host acting as the sandbox init.
const InitArg = "__sandbox_init__"

// InitProgram is the file name of swarmhost's own sandbox init
// (cmd/swarmhost-sandbox): a small binary that links only this package.
// Starting it costs a few hundred kilobytes of page faults and no package
// initialisation, where re-executing the host runs the initialisers of
// every package the host links (gRPC, the container and Kubernetes
// clients, compose's schema) before the init can start: ~2 ms of CPU
// against ~8 ms, paid by every cell, probe and sandboxed program.
const InitProgram = "swarmhost-sandbox"

// SandboxEnv is set in every sandboxed program's environment to the tier it
// runs under. Test programs that attack the sandbox refuse to run without it.
const SandboxEnv = "SWARMHOST_SANDBOX"

// Variables the launcher passes to the init only; the init never hands them
// on.
const (
	initEnv   = "SWARMHOST_SANDBOX_INIT"
	policyEnv = "SWARMHOST_SANDBOX_POLICY"
)

// Modes of the init.
const (
	modeRun   = "run"
	modeProbe = "probe"
	// modeCell serves many programs in one sandbox (cell_linux.go).
	modeCell = "cell"
	// modeCheck only answers that the init speaks the launcher's protocol
	// (initprog_linux.go).
	modeCheck = "check"
)

// policy is what the launcher tells the init: the spec, resolved for the
// tier, plus how to build the root and whom to run the program as.
type policy struct {
	Mode string `json:"mode"`
	// Protocol is the launcher's [protocol]; the init refuses any other.
	Protocol string `json:"protocol"`
	Tier     Tier   `json:"tier"`
	// Root is the empty host directory the init mounts its tmpfs root on
	// (TierNamespaces).
	Root string `json:"root,omitempty"`
	Path string `json:"path"`
	// ProgramSource, when set, is the host file whose bytes are bound at
	// Path (TierNamespaces) or run instead of Path (TierLandlock): a
	// verified private copy ([Spec.ProgramSource]).
	ProgramSource string `json:"program_source,omitempty"`
	// InView: see [Spec.InView].
	InView bool     `json:"in_view,omitempty"`
	Args   []string `json:"args"`
	Env    []string `json:"env"`
	Dir    string   `json:"dir"`
	// Scratch is the writable temporary directory: /tmp inside the root
	// (TierNamespaces) or a host directory (TierLandlock).
	Scratch   string   `json:"scratch"`
	ReadOnly  []string `json:"read_only,omitempty"`
	ReadWrite []string `json:"read_write,omitempty"`
	Overlay   []string `json:"overlay,omitempty"`
	Tmpfs     []string `json:"tmpfs,omitempty"`
	Network   bool     `json:"network,omitempty"`
	Limits    Limits   `json:"limits"`
	// UID and GID are the program's ids inside the sandbox, or -1 to keep
	// the init's.
	UID int `json:"uid"`
	GID int `json:"gid"`
	// LandlockABI is the ABI to restrict with; 0 skips Landlock.
	LandlockABI int `json:"landlock_abi"`
}

// environ is the init's whole environment.
func (p policy) environ() ([]string, error) {
	p.Protocol = protocol()
	b, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("isolate: policy: %w", err)
	}
	return []string{initEnv + "=1", policyEnv + "=" + string(b)}, nil
}

// readPolicy decodes the init's policy and clears the variables; a policy
// of another protocol is an error.
func readPolicy() (policy, error) {
	var p policy
	err := json.Unmarshal([]byte(os.Getenv(policyEnv)), &p)
	os.Clearenv()
	if err != nil {
		return p, fmt.Errorf("bad policy: %w", err)
	}
	if p.Protocol != protocol() {
		return p, fmt.Errorf("this init speaks protocol %s, the launcher %q: it was built from other sources than the host",
			protocol(), p.Protocol)
	}
	return p, nil
}
