// Command pingflood is a hostile plugin: it announces a multiplexed
// go-plugin connection, and on the host's connection writes 20 000 yamux
// pings asking for an answer while reading nothing, then says "flooded"
// on stderr and waits. Its send buffer is made as small as the kernel
// allows, so the pings are written only as fast as the host reads them.
package main

import (
	"encoding/binary"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// pings is how many pings the plugin sends.
const pings = 20000

func main() {
	dir, err := os.MkdirTemp(os.Getenv("PLUGIN_UNIX_SOCKET_DIR"), "plugin")
	if err != nil {
		fail(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		fail(err)
	}
	version, _, _ := strings.Cut(os.Getenv("PLUGIN_PROTOCOL_VERSIONS"), ",")
	if version == "" {
		version = "1"
	}
	fmt.Printf("1|%s|unix|%s|grpc||true\n", version, l.Addr())
	c, err := l.Accept()
	if err != nil {
		fail(err)
	}
	if raw, err := c.(*net.UnixConn).SyscallConn(); err == nil {
		_ = raw.Control(func(fd uintptr) {
			_ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF, 1)
		})
	}
	frames := make([]byte, 0, pings*12)
	for id := range uint32(pings) {
		var hdr [12]byte
		hdr[1] = 2                                // ping
		binary.BigEndian.PutUint16(hdr[2:4], 1)   // SYN: answer me
		binary.BigEndian.PutUint32(hdr[8:12], id) // the ping's id
		frames = append(frames, hdr[:]...)
	}
	if _, err := c.Write(frames); err != nil {
		fail(err)
	}
	fmt.Fprintln(os.Stderr, "flooded")
	time.Sleep(time.Minute)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "pingflood:", err)
	os.Exit(1)
}
