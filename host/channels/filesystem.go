package channels

import (
	"fmt"
	"os"
	"path/filepath"
)

// Paths of the filesystem channel inside a member's sandbox; host/sandbox
// creates them in the sample's shared sandbox.
const (
	SharedDir   = ".swarm"
	NotesFile   = ".swarm/notes.md"
	ScratchRoot = ".swarm/scratch"
)

// FilesystemInstructions are the default filesystem channel's preamble
// paragraph for member (see [Filesystem.Instructions]); perMember says
// whether members have their own sandboxes, whose shared directory is
// linked into each at .swarm (see LinkShared).
func FilesystemInstructions(member string, perMember bool) string {
	return DefaultFilesystem(perMember).Instructions(member)
}

// LinkShared makes the swarm's shared directory (sharedSandbox/.swarm)
// reachable from a member's own sandbox as memberSandbox/.swarm, through a
// relative symlink. Scorer views leave such links out (they point at
// another sandbox of the sample), so a scorer's commands still cannot write
// to the shared directory through a member's view. A .swarm already in the
// member's sandbox (from the sample's files or setup) is an error.
func LinkShared(sharedSandbox, memberSandbox string) error {
	target, err := filepath.Rel(memberSandbox, filepath.Join(sharedSandbox, SharedDir))
	if err != nil {
		return fmt.Errorf("filesystem channel: %w", err)
	}
	if err := os.Symlink(target, filepath.Join(memberSandbox, SharedDir)); err != nil {
		return fmt.Errorf("filesystem channel: link the shared directory: %w", err)
	}
	return nil
}
