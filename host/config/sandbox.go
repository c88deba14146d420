package config

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// Sandbox types (the label of a task's sandbox block).
const (
	// SandboxLocal is directories on the host.
	SandboxLocal = "local"
	// SandboxDocker is containers through the Docker Engine API, from a
	// compose file or one image.
	SandboxDocker = "docker"
)

// sandboxTypes are the known sandbox types, in the order messages list them.
var sandboxTypes = []string{SandboxLocal, SandboxDocker, SandboxKubernetes}

// MemberPlaceholder in a member's `sandbox` stands for its roster name.
const MemberPlaceholder = "{member}"

// sandboxEngine decodes the engine attributes of a sandbox block: compose
// or image for docker, neither for local. A compose file is parsed here, so
// that `validate` reports what docker compose would refuse.
func (d *decoder) sandboxEngine(s *Sandbox, attrs hcl.Attributes) {
	composeAttr, imageAttr := attrs["compose"], attrs["image"]
	if s.Type != SandboxDocker && s.Type != SandboxKubernetes {
		for _, a := range []*hcl.Attribute{composeAttr, imageAttr} {
			if a != nil {
				d.report(errorf(a.NameRange, fmt.Sprintf("%s on a %s sandbox", a.Name, s.Type),
					`compose and image apply to sandbox "docker" and "kubernetes" only.`))
			}
		}
		return
	}
	s.Image, _ = d.str(imageAttr)
	switch {
	case composeAttr != nil && imageAttr != nil:
		d.report(errorAt(imageAttr.NameRange, "Both compose and image",
			fmt.Sprintf(`A %s sandbox runs a compose file's services or one image: give compose = "…" or image = "…", not both.`, s.Type)))
	case composeAttr != nil:
		d.composeFile(s, composeAttr)
	case imageAttr == nil:
		d.report(errorAt(s.DefRange, capitalize(s.Type)+" sandbox without compose or image",
			`Give compose = "compose.yaml" (its services are the sandboxes) or image = "…" (one container per sandbox).`))
	}
}

// composeFile resolves the compose file against the suite directory and
// parses it.
func (d *decoder) composeFile(s *Sandbox, a *hcl.Attribute) {
	s.ComposeRange = a.Expr.Range()
	name, ok := d.str(a)
	if !ok {
		return
	}
	s.Compose = absPath(d.p.Dir, name)
	if info, err := os.Stat(s.Compose); err != nil {
		d.report(errorf(s.ComposeRange, "Compose file not found", "%s (%q relative to the suite directory).",
			strings.TrimPrefix(err.Error(), "stat "), name))
		return
	} else if info.IsDir() {
		d.report(errorf(s.ComposeRange, "Compose file is a directory", "%s is a directory; name a compose YAML file.", s.Compose))
		return
	}
	p, err := compose.Load(context.Background(), s.Compose, s.ComposeOptions())
	if err != nil {
		d.report(errorf(s.ComposeRange, "Invalid compose file", "%s", err))
		return
	}
	d.checkHostAccessServices(s, p)
}

// memberSandbox decodes a member's `sandbox` and `visible_sandboxes`
// (Inspect Swarm's member(sandbox=, visible_sandboxes=)).
func (d *decoder) memberSandbox(m *Member, attrs hcl.Attributes) {
	if a := attrs["sandbox"]; a != nil {
		m.SandboxRange = a.Expr.Range()
		m.Sandbox, _ = d.str(a)
		rest := strings.ReplaceAll(m.Sandbox, MemberPlaceholder, "")
		switch {
		case m.Sandbox == "":
			d.report(errorAt(m.SandboxRange, "Empty sandbox name", `Give the member's own sandbox a name, e.g. sandbox = "{member}".`))
		case strings.ContainsAny(rest, "{}"):
			d.report(errorAt(m.SandboxRange, "Unknown placeholder in sandbox",
				`The only placeholder is {member}, the member's roster name.`))
		case m.Count > 1 && !strings.Contains(m.Sandbox, MemberPlaceholder):
			d.report(errorf(m.SandboxRange, "Copies share one sandbox",
				"This member has count = %d, and a member's sandbox is its own: use %s in the name so each copy gets one.",
				m.Count, MemberPlaceholder))
		}
	}
	a := attrs["visible_sandboxes"]
	if a == nil {
		return
	}
	m.VisibleRange = a.Expr.Range()
	m.VisibleSandboxes, _ = d.strList(a)
	if m.Sandbox == "" {
		d.report(errorAt(m.VisibleRange, "visible_sandboxes without sandbox",
			"visible_sandboxes is for a member with its own sandbox; give the member sandbox = \"{member}\" as well. A member without one reaches the sample's shared sandbox."))
	}
	for _, v := range m.VisibleSandboxes {
		if v == "" || v == "default" {
			d.report(errorf(m.VisibleRange, "Invalid visible sandbox",
				"visible_sandboxes cannot name %q: inside the member, the default sandbox is its own. Name a service of the compose file.", v))
		}
	}
}

// MemberSandbox is the name of entry's own sandbox ("" when it shares the
// sample's): its member's `sandbox` with {member} replaced by its roster
// name.
func MemberSandbox(entry RosterEntry) string {
	return strings.ReplaceAll(entry.Member.Sandbox, MemberPlaceholder, entry.Name)
}

// checkSandboxes checks a task's sandbox against the swarm's members: own
// sandboxes all or none, each unique, each a local member's name, never
// another member's in visible_sandboxes, and a sandbox block to hold them.
func (d *decoder) checkSandboxes(t *Task, s *Swarm) {
	owners := map[string]string{}
	reported := map[*Member]bool{}
	var with, without *RosterEntry
	for i, e := range s.Roster {
		name := MemberSandbox(e)
		if name == "" {
			without = &s.Roster[i]
			continue
		}
		with = &s.Roster[i]
		if other, ok := owners[name]; ok {
			d.report(errorf(e.Member.SandboxRange, "Two members share a sandbox",
				"Members %q and %q both have the sandbox %q, and a member's sandbox is its own.", other, e.Name, name))
		}
		owners[name] = e.Name
		if (t.Sandbox == nil || t.Sandbox.Type == SandboxLocal) && name != e.Name && !reported[e.Member] {
			reported[e.Member] = true
			d.report(errorf(e.Member.SandboxRange, "Local sandboxes are named after their member",
				"A local sandbox is a directory named after its member; use sandbox = %q (here %q).", MemberPlaceholder, name))
		}
	}
	d.checkFilesystemChannel(t, s, with != nil)
	if with == nil {
		return
	}
	if without != nil {
		d.report(errorf(without.Member.DefRange, "Some members without their own sandbox",
			"Member %q has its own sandbox, so every member needs one: give %q sandbox = %q too.", with.Name, without.Name, MemberPlaceholder))
	}
	if t.Sandbox == nil {
		d.report(errorf(with.Member.SandboxRange, "Member sandbox without a task sandbox",
			"Member %q has its own sandbox, but task %q declares no sandbox block to make it.", with.Name, t.Name))
	}
	for _, e := range s.Roster {
		for _, v := range e.Member.VisibleSandboxes {
			if owner, ok := owners[v]; ok {
				d.report(errorf(e.Member.VisibleRange, "Another member's sandbox is not visible",
					"Member %q lists %q in visible_sandboxes, which is the sandbox of member %q; a member cannot reach another member's sandbox.",
					e.Name, v, owner))
			}
		}
	}
}

// Containers reports whether sb makes containers (docker) or pods
// (kubernetes) rather than local directories.
func Containers(sb *Sandbox) bool {
	return sb != nil && (sb.Type == SandboxDocker || sb.Type == SandboxKubernetes)
}

// checkFilesystemChannel refuses the filesystem channel where members have
// containers (or pods) of their own: it describes a directory every member
// shares, which only the local provider lays out between member sandboxes.
// The default channel list's filesystem channel is dropped there instead
// (host/eval).
func (d *decoder) checkFilesystemChannel(t *Task, s *Swarm, memberSandboxes bool) {
	if !Containers(t.Sandbox) || !(memberSandboxes || t.Sandbox.PerMember) {
		return
	}
	for _, ch := range s.Channels {
		if ch.Type == ChannelFilesystem && ch.DefRange != (hcl.Range{}) {
			d.report(errorf(ch.DefRange, "Filesystem channel with member containers",
				"Task %q gives members containers of their own, and the filesystem channel describes a directory they all share; "+
					"share a compose volume between the services instead, or use the messages channel.", t.Name))
		}
	}
}
