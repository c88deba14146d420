package isolate

import (
	"fmt"
	"path/filepath"
	"strings"
)

// maxSocketPath is the longest path a unix socket address may have
// (sun_path is 108 bytes with its terminating NUL).
const maxSocketPath = 107

// Network names a go-plugin handshake may give; only [NetworkUnix] is ever
// accepted.
const (
	NetworkUnix = "unix"
	NetworkTCP  = "tcp"
)

// AddressError is a plugin's handshake naming an address the host refuses
// to dial. It is returned before any connection is made and before any
// name is resolved.
type AddressError struct {
	// Network and Address are the handshake's third and fourth fields.
	Network, Address string
	// Dir is the only directory the plugin's socket may be in.
	Dir string
	// Reason says what is wrong, in the user's terms.
	Reason string
}

// Error names the address, the reason and what is accepted.
func (e *AddressError) Error() string {
	return fmt.Sprintf("refusing the plugin's handshake address %q (%s): %s; the host dials only a unix socket "+
		"the plugin created inside %s", e.Network+"|"+e.Address, e.Network, e.Reason, e.Dir)
}

// CheckHandshakeAddress validates the network and address fields of a
// go-plugin handshake line against dir, the socket directory the host made
// for the plugin. It accepts only network "unix" with an absolute, clean
// path strictly inside dir, and returns that path relative to dir. It does
// no I/O: nothing is resolved, nothing is dialled ([OpenPluginSocket]
// then opens the socket without following links).
func CheckHandshakeAddress(network, address, dir string) (string, error) {
	fail := func(reason string) (string, error) {
		return "", &AddressError{Network: network, Address: address, Dir: dir, Reason: reason}
	}
	switch {
	case network != NetworkUnix:
		return fail("only network \"unix\" is accepted, never \"" + network + "\" (no host name or port is looked up)")
	case strings.ContainsRune(address, 0):
		return fail("the path contains a NUL byte")
	case len(address) > maxSocketPath:
		return fail(fmt.Sprintf("the path is %d bytes long, more than a unix socket address holds", len(address)))
	case !filepath.IsAbs(address):
		return fail("the path is not absolute")
	case filepath.Clean(address) != address:
		return fail("the path is not clean (it has '..', '.', '//' or a trailing '/')")
	case dir == "" || !filepath.IsAbs(dir) || filepath.Clean(dir) != dir:
		return fail("the host has no valid socket directory for this plugin")
	}
	rel, ok := strings.CutPrefix(address, dir+"/")
	if dir == "/" {
		rel, ok = strings.CutPrefix(address, "/")
	}
	if !ok || rel == "" {
		return fail("the path is outside the plugin's socket directory")
	}
	return rel, nil
}
