package isolate

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
)

// command builds the init's command for spec.
func (l *Launcher) command(spec Spec) (*Cmd, error) { return l.commandMode(spec, modeRun) }

// commandMode builds the init's command for spec in the given mode.
func (l *Launcher) commandMode(spec Spec, mode string) (*Cmd, error) {
	p := policy{Mode: mode, Tier: l.tier, Path: spec.Path, InView: spec.InView, Args: spec.argv(), Dir: spec.Dir,
		ReadOnly: slices.Clone(spec.ReadOnly), ReadWrite: slices.Clone(spec.ReadWrite),
		Overlay: slices.Clone(spec.Overlay), Tmpfs: slices.Clone(spec.Tmpfs), Network: spec.Network, UID: -1, GID: -1,
		Limits: spec.Limits.WithDefaults(DefaultLimits)}
	if spec.ProgramSource != "" && l.tier == TierNamespaces {
		p.ProgramSource = spec.ProgramSource
	} else if spec.ProgramSource != "" {
		p.Path = spec.ProgramSource // no mount namespace: run the copy where it is
	}
	if l.mech.LandlockWhy == "" {
		p.LandlockABI = l.mech.LandlockABI
	}
	c := &Cmd{tier: l.tier}
	var err error
	if l.tier == TierNamespaces {
		err = l.namespaced(&p, c)
	} else {
		p.ReadWrite, p.Tmpfs = append(p.ReadWrite, p.Tmpfs...), nil // no mount namespace: the host directories
		err = landlocked(&p, c)
	}
	if err != nil {
		c.Cleanup()
		return nil, err
	}
	if p.Dir == "" {
		p.Dir = p.Scratch
	}
	p.Env = withEnv(withEnv(slices.Clone(spec.Env), "TMPDIR="+p.Scratch), SandboxEnv+"="+string(l.tier))
	env, err := p.environ()
	if err != nil {
		c.Cleanup()
		return nil, err
	}
	c.Cmd.Env = env
	return c, nil
}

// namespaced fills in the TierNamespaces parts: the root's mount point,
// the namespaces and the id maps.
func (l *Launcher) namespaced(p *policy, c *Cmd) error {
	root, err := newRunDir("root-")
	if err != nil {
		return err
	}
	c.cleanup = append(c.cleanup, root)
	p.Root, p.Scratch = root, "/tmp"
	attr := namespaceAttr(p.Network)
	if os.Geteuid() == 0 {
		p.UID, p.GID = SandboxUID, SandboxGID
	}
	c.Cmd = initCmd(attr)
	return nil
}

// namespaceAttr is the init's SysProcAttr under TierNamespaces. A root host
// maps the init to host root (it must reach the paths it binds) and the
// program's ids to [SandboxUID]/[SandboxGID]; any other host maps its own
// ids to root.
func namespaceAttr(network bool) *syscall.SysProcAttr {
	flags := syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID |
		syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS | syscall.CLONE_NEWCGROUP
	if !network {
		flags |= syscall.CLONE_NEWNET
	}
	attr := &syscall.SysProcAttr{Cloneflags: uintptr(flags), Setpgid: true, Pdeathsig: syscall.SIGKILL,
		Credential: &syscall.Credential{Uid: 0, Gid: 0, NoSetGroups: true}}
	uid, gid := os.Geteuid(), os.Getegid()
	attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}}
	attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}}
	if uid == 0 {
		attr.UidMappings = append(attr.UidMappings, syscall.SysProcIDMap{ContainerID: SandboxUID, HostID: SandboxUID, Size: 1})
		attr.GidMappings = append(attr.GidMappings, syscall.SysProcIDMap{ContainerID: SandboxGID, HostID: SandboxGID, Size: 1})
		attr.GidMappingsEnableSetgroups = true
	}
	return attr
}

// landlocked fills in the TierLandlock parts: a private scratch directory
// on the host; the program keeps the host's ids.
func landlocked(p *policy, c *Cmd) error {
	scratch, err := newRunDir("scratch-")
	if err != nil {
		return err
	}
	c.cleanup = append(c.cleanup, scratch)
	if err := os.Chmod(scratch, 0o700); err != nil {
		return fmt.Errorf("isolate: %w", err)
	}
	p.Scratch = scratch
	c.Cmd = initCmd(&syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL})
	return nil
}

// initCmd is the sandbox init with attr: [InitProgram] when the host has
// a usable one beside it, else the re-executed host (see initPath).
func initCmd(attr *syscall.SysProcAttr) *exec.Cmd {
	cmd := exec.Command(initPath(), InitArg)
	cmd.SysProcAttr = attr
	return cmd
}
