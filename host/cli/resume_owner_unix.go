//go:build unix

package cli

import (
	"os"
	"syscall"
)

// ownedByUser reports whether the file at path belongs to the user
// running swarmhost.
func ownedByUser(path string) bool {
	info, err := os.Stat(path)
	if err != nil {
		return false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
