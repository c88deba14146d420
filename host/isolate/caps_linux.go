package isolate

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Securebits (linux/securebits.h; not in x/sys/unix).
const (
	secNoRoot            = 1 << 0
	secNoRootLocked      = 1 << 1
	secNoSetuidFixup     = 1 << 2
	secNoSetuidFixupLock = 1 << 3
	secKeepCapsLocked    = 1 << 5
	secNoAmbientRaise    = 1 << 6
	secNoAmbientLocked   = 1 << 7
)

// dropCaps removes every capability from the init's thread before it forks
// the program, so that the program can neither remount its read-only binds
// nor gain privileges by exec: the bounding and ambient sets are emptied,
// the securebits lock root out, and the effective, permitted and
// inheritable sets are cleared — except CAP_SETUID and CAP_SETGID when the
// program must switch to the sandbox user, which that switch then clears
// (setuid fix-up stays on, and is locked).
func dropCaps(switchUser bool) error {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var cur [2]unix.CapUserData
	if err := unix.Capget(&hdr, &cur[0]); err != nil {
		return fmt.Errorf("capget: %w", err)
	}
	if cur[0].Permitted == 0 && cur[1].Permitted == 0 {
		return nil // an unprivileged init: nothing to drop
	}
	last := lastCap() // one read of /proc, not one per capability
	for c := 0; c <= last; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
			return fmt.Errorf("drop capability %d from the bounding set: %w", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("clear ambient capabilities: %w", err)
	}
	bits := secNoRoot | secNoRootLocked | secNoSetuidFixupLock | secKeepCapsLocked | secNoAmbientRaise | secNoAmbientLocked
	if !switchUser {
		bits |= secNoSetuidFixup
	}
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, uintptr(bits), 0, 0, 0); err != nil {
		return fmt.Errorf("securebits: %w", err)
	}
	var keep [2]unix.CapUserData
	if switchUser {
		keep[0].Effective = 1<<unix.CAP_SETUID | 1<<unix.CAP_SETGID
		keep[0].Permitted = keep[0].Effective
	}
	if err := unix.Capset(&hdr, &keep[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}

// lastCap is the highest capability number this kernel knows.
func lastCap() int {
	b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if err != nil {
		return unix.CAP_LAST_CAP
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return unix.CAP_LAST_CAP
	}
	return n
}
