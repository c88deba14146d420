package channels

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// DefaultScratch is the filesystem channel's default scratch directory;
// {member} stands for the member's name.
const DefaultScratch = ScratchRoot + "/{member}"

// Filesystem is the `filesystem` channel's configuration, Inspect Swarm's
// parameters: shared, the directory members share files in; notes, the
// notes file members read and append to, relative to shared; scratch,
// each member's own directory ({member} is its name; not used with a
// shared volume); shared_volume, whether members have their own sandboxes
// that share one directory (in this host: per-member sandboxes, whose
// shared directory is linked into each). The channel adds no tools; the
// host creates the default directories only.
type Filesystem struct {
	Shared       string
	Notes        string
	Scratch      string
	SharedVolume bool
}

// DefaultFilesystem is the configuration a `filesystem` channel without
// parameters has; perMember says whether members have their own sandboxes.
func DefaultFilesystem(perMember bool) Filesystem {
	return Filesystem{Shared: SharedDir, Notes: "notes.md", Scratch: DefaultScratch, SharedVolume: perMember}
}

// NotesPath is the notes file's path in the member's sandbox.
func (f Filesystem) NotesPath() string { return path.Join(f.Shared, f.Notes) }

// Instructions are the channel's preamble paragraph for member: the same
// convention Inspect Swarm states, in swarmhost's words.
func (f Filesystem) Instructions(member string) string {
	notes := fmt.Sprintf("Read %s when you start and again now and then as you work; add what you learn or decide at "+
		"its end, and never change what the others wrote there.", f.NotesPath())
	if f.SharedVolume {
		return fmt.Sprintf("%s/ is one directory that every member's sandbox shares: put files meant for the others "+
			"there. The others use it at the same time as you, so its files can change while you work with them "+
			"(use commands such as cat and echo >> in it: the file tools do not follow the link to it). %s",
			f.Shared, notes)
	}
	return fmt.Sprintf("The other members share your sandbox and work in it at the same time as you, so files can "+
		"change while you work with them. Put files meant for the others in %s/. %s Keep your own work in %s/, "+
		"which no other member uses.", f.Shared, notes, strings.ReplaceAll(f.Scratch, "{member}", member))
}

var braces = regexp.MustCompile(`\{[^}]*\}`)

// fsParsers check and set each filesystem parameter.
var fsParsers = map[string]func(*Filesystem, json.RawMessage) *Problem{
	"shared":        func(f *Filesystem, v json.RawMessage) *Problem { return fsPath(&f.Shared, v, "shared") },
	"notes":         func(f *Filesystem, v json.RawMessage) *Problem { return fsPath(&f.Notes, v, "notes") },
	"scratch":       parseScratch,
	"shared_volume": parseSharedVolume,
}

// ParseFilesystem decodes a `channel "filesystem"` block's parameters over
// the defaults for perMember and checks them as Inspect Swarm does: paths
// inside the sandbox; scratch with one {member} and no other placeholder;
// shared_volume only with per-member sandboxes and required with them;
// with a shared volume no scratch and, in this host, the linked shared
// directory at its default place. Problems come in parameter-name order.
func ParseFilesystem(params json.RawMessage, perMember bool) (Filesystem, []Problem) {
	cfg := DefaultFilesystem(perMember)
	var raw map[string]json.RawMessage
	if len(bytes.TrimSpace(params)) > 0 {
		if err := json.Unmarshal(params, &raw); err != nil {
			return cfg, []Problem{{Summary: "Invalid filesystem channel", Detail: "The block's parameters must be an object: " + err.Error()}}
		}
	}
	var probs []Problem
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		parse, ok := fsParsers[name]
		switch {
		case !ok:
			probs = append(probs, Problem{Param: name, Summary: "Unsupported argument",
				Detail: fmt.Sprintf("The filesystem channel has no parameter %q; its parameters are notes, scratch, shared and shared_volume.", name)})
		case string(raw[name]) != "null":
			if p := parse(&cfg, raw[name]); p != nil {
				p.Param = name
				probs = append(probs, *p)
			}
		}
	}
	return cfg, append(probs, cfg.consistent(raw, perMember)...)
}

// consistent checks the parameters against each other and the sandboxes.
func (f Filesystem) consistent(raw map[string]json.RawMessage, perMember bool) []Problem {
	var probs []Problem
	if f.SharedVolume != perMember {
		detail := "shared_volume = true describes members with their own sandboxes, and these members share the sample's sandbox; leave it out."
		if perMember {
			detail = "The members have their own sandboxes (per_member = true), so the shared directory is a volume they share: leave shared_volume out or set it to true."
		}
		probs = append(probs, Problem{Param: "shared_volume", Summary: "Filesystem channel does not match the sandboxes", Detail: detail})
	}
	if f.SharedVolume && raw["scratch"] != nil {
		probs = append(probs, Problem{Param: "scratch", Summary: "Scratch directory with a shared volume",
			Detail: "With a shared volume each member's sandbox is already its own, so there is no scratch directory; leave scratch out."})
	}
	if f.SharedVolume && f.Shared != SharedDir {
		probs = append(probs, Problem{Param: "shared", Summary: "Shared directory with per-member sandboxes",
			Detail: fmt.Sprintf("With per-member sandboxes the host links the shared directory into each at %s; leave shared out.", SharedDir)})
	}
	return probs
}

// fsPath sets a relative path inside the sandbox.
func fsPath(dst *string, v json.RawMessage, what string) *Problem {
	var s string
	if err := json.Unmarshal(v, &s); err != nil || s == "" {
		return &Problem{Summary: "Invalid filesystem channel", Detail: what + " must be a non-empty path."}
	}
	clean := path.Clean(s)
	if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
		return &Problem{Summary: "Invalid filesystem channel",
			Detail: fmt.Sprintf("%s must be a path inside the sandbox (relative, without ..); got %q.", what, s)}
	}
	*dst = clean
	return nil
}

func parseScratch(f *Filesystem, v json.RawMessage) *Problem {
	if p := fsPath(&f.Scratch, v, "scratch"); p != nil {
		return p
	}
	found := braces.FindAllString(f.Scratch, -1)
	if len(found) != 1 || found[0] != "{member}" {
		return &Problem{Summary: "Invalid filesystem channel",
			Detail: fmt.Sprintf("scratch must name each member's own directory with one {member} placeholder and no other; got %q.", f.Scratch)}
	}
	return nil
}

func parseSharedVolume(f *Filesystem, v json.RawMessage) *Problem {
	if err := json.Unmarshal(v, &f.SharedVolume); err != nil {
		return &Problem{Summary: "Invalid filesystem channel", Detail: "shared_volume must be true or false."}
	}
	return nil
}
