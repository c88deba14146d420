package isolate

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// PluginSockets holds the sockets a plugin's handshakes named, opened
// without following links, for as long as the host may dial them. The
// address handed to go-plugin is /proc/self/fd/N of the held descriptor,
// so the host connects to exactly the inode it checked, whatever the
// plugin renames or links afterwards.
type PluginSockets struct {
	// Dir is the socket directory the host made for the plugin.
	Dir string
	// GuardMux puts a relay of the host's own between the host and the
	// socket, which drops the plugin's yamux pings over a budget (see
	// [PingBurst]). Only for a multiplexed connection (a sandboxed plugin's).
	GuardMux bool

	mu     sync.Mutex
	files  []*os.File
	guards []*muxGuard
}

// PluginToHost checks a handshake's address with [CheckHandshakeAddress],
// opens it with [OpenPluginSocket] and returns the address to dial.
func (s *PluginSockets) PluginToHost(network, address string) (string, string, error) {
	rel, err := CheckHandshakeAddress(network, address, s.Dir)
	if err != nil {
		return "", "", err
	}
	f, err := OpenPluginSocket(s.Dir, rel)
	if err != nil {
		return "", "", &AddressError{Network: network, Address: address, Dir: s.Dir, Reason: err.Error()}
	}
	s.mu.Lock()
	s.files = append(s.files, f)
	s.mu.Unlock()
	addr := "/proc/self/fd/" + strconv.Itoa(int(f.Fd()))
	if !s.GuardMux {
		return NetworkUnix, addr, nil
	}
	g, err := newMuxGuard(addr)
	if err != nil {
		return "", "", fmt.Errorf("guard the plugin's connection: %w", err)
	}
	s.mu.Lock()
	s.guards = append(s.guards, g)
	s.mu.Unlock()
	return NetworkUnix, g.addr(), nil
}

// Close releases the held sockets.
func (s *PluginSockets) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.guards {
		g.close()
	}
	s.guards = nil
	for _, f := range s.files {
		_ = f.Close()
	}
	s.files = nil
}

// OpenPluginSocket opens rel below dir as an O_PATH descriptor, refusing
// any symbolic link on the way (and magic links, and escapes from dir),
// and checks that it is a unix socket.
func OpenPluginSocket(dir, rel string) (*os.File, error) {
	dfd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot open the socket directory: %w", err)
	}
	defer unix.Close(dfd)
	fd, err := unix.Openat2(dfd, rel, &unix.OpenHow{
		Flags:   unix.O_PATH | unix.O_NOFOLLOW | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS | unix.RESOLVE_NO_XDEV,
	})
	switch {
	case errors.Is(err, unix.ELOOP):
		return nil, errors.New("the path goes through a symbolic link")
	case errors.Is(err, unix.EXDEV):
		return nil, errors.New("the path leaves the socket directory")
	case err != nil:
		return nil, fmt.Errorf("cannot open it: %w", err)
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		unix.Close(fd)
		return nil, errors.New("it is not a unix socket")
	}
	return os.NewFile(uintptr(fd), dir+"/"+rel), nil
}
