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

// fileID is a file's identity and state as the digest cache records it.
type fileID struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds
	// mnt is the mount's unique id (statx STATX_MNT_ID_UNIQUE, never
	// reused within a boot), 0 where the kernel has none: then the digest
	// is not recorded (see digestcache_linux.go).
	mnt uint64
}

// identify is f's identity, and whether its digest may be remembered as
// of now: a regular file on a local filesystem whose change time is at
// least digestSettle before now.
func identify(f *os.File, now time.Time) (fileID, bool) {
	id, ok := statIdentity(int(f.Fd()))
	if !ok {
		return fileID{}, false
	}
	var fs unix.Statfs_t
	if unix.Fstatfs(int(f.Fd()), &fs) != nil || !localFilesystems[int64(fs.Type)] {
		return fileID{}, false
	}
	return id, now.Sub(time.Unix(0, id.ctime)) >= digestSettle
}

// statIdentity is the identity of the regular file open at fd, with its
// mount's unique id when statx reports one.
func statIdentity(fd int) (fileID, bool) {
	const want = unix.STATX_TYPE | unix.STATX_INO | unix.STATX_SIZE | unix.STATX_MTIME | unix.STATX_CTIME
	var sx unix.Statx_t
	if unix.Statx(fd, "", unix.AT_EMPTY_PATH, want|unix.STATX_MNT_ID_UNIQUE, &sx) == nil && sx.Mask&want == want {
		if sx.Mode&unix.S_IFMT != unix.S_IFREG {
			return fileID{}, false
		}
		id := fileID{dev: unix.Mkdev(sx.Dev_major, sx.Dev_minor), ino: sx.Ino, size: int64(sx.Size),
			mtime: statxNano(sx.Mtime), ctime: statxNano(sx.Ctime)}
		if sx.Mask&unix.STATX_MNT_ID_UNIQUE != 0 {
			id.mnt = sx.Mnt_id
		}
		return id, true
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return fileID{}, false
	}
	return fileID{dev: st.Dev, ino: st.Ino, size: st.Size, mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}, true
}

// statxNano is a statx timestamp in nanoseconds since the epoch.
func statxNano(ts unix.StatxTimestamp) int64 {
	return ts.Sec*int64(time.Second) + int64(ts.Nsec)
}
