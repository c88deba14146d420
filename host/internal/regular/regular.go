// Package regular opens files that someone else may have placed — a
// plugin's binary, its launcher, its virtual environment's pyvenv.cfg and
// .pth files — so that no such file can stall the host: each is opened
// without blocking (a FIFO's open waits for a writer forever, before any
// start timeout's clock runs) and refused unless it is a regular file (a
// FIFO, a device or a socket is never read).
package regular

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError is a path that is not a regular file; nothing was read.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

// Error names the path and what it is.
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (it is a %s), so it is not read", e.Path, kindOf(e.Mode))
}

// kindOf names a file type for messages.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m.IsDir():
		return "directory"
	}
	return "special file"
}

// Open opens path for reading without blocking (O_NONBLOCK; links are
// followed) and returns it only when it is a regular file; otherwise it
// returns a [*NotRegularError]. A path that is not a regular file when
// looked at is not opened at all (opening a FIFO, even without blocking,
// makes this process its reader for a moment); one swapped for another
// kind after the look is refused once open.
func Open(path string) (*os.File, error) {
	if info, err := os.Stat(path); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: info.Mode()}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: info.Mode()}
	}
	return f, nil
}

// ReadFile reads at most limit bytes of the regular file at path, opened
// with [Open]; a longer file is an error.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes, so it is not read", path, limit)
	}
	return data, nil
}
