package plugins

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// digestSettle is how long before a hash a file's change time must lie for
// its digest to be remembered: timestamps come from a coarse clock, so a
// write just after a change may not move them.
const digestSettle = 2 * time.Second

// Filesystems whose change times the kernel keeps itself (not a FUSE
// daemon or a remote server): only their files' digests are remembered.
var localFilesystems = map[int64]bool{
	unix.EXT4_SUPER_MAGIC:      true,
	unix.XFS_SUPER_MAGIC:       true,
	unix.BTRFS_SUPER_MAGIC:     true,
	unix.TMPFS_MAGIC:           true,
	unix.OVERLAYFS_SUPER_MAGIC: true,
}

// fileID is a file's identity and state as FileSHA256 remembers it.
type fileID struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds
}

// identify is f's identity, and whether its digest may be remembered as
// of now: a regular file on a local filesystem whose change time is at
// least digestSettle before now.
func identify(f *os.File, now time.Time) (fileID, bool) {
	var st unix.Stat_t
	if unix.Fstat(int(f.Fd()), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return fileID{}, false
	}
	var fs unix.Statfs_t
	if unix.Fstatfs(int(f.Fd()), &fs) != nil || !localFilesystems[int64(fs.Type)] {
		return fileID{}, false
	}
	id := fileID{dev: st.Dev, ino: st.Ino, size: st.Size, mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}
	return id, now.Sub(time.Unix(0, id.ctime)) >= digestSettle
}
