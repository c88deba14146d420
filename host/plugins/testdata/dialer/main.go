// Command dialer is a hostile plugin: instead of serving, it prints a
// go-plugin handshake naming the address in the file <exe>.target (a TCP
// listener, a host name, a unix socket outside its socket directory, a
// symlink it planted there) and waits for the host to connect.
package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	exe, _ := os.Executable()
	target, err := os.ReadFile(exe + ".target")
	if err != nil {
		fmt.Fprintln(os.Stderr, "dialer:", err)
		os.Exit(1)
	}
	addr := strings.TrimSpace(string(target))
	if link, ok := strings.CutPrefix(addr, "link|"); ok {
		// Plant a symlink to the outside socket in the socket directory,
		// and name the link.
		dir, _ := os.MkdirTemp(os.Getenv("PLUGIN_UNIX_SOCKET_DIR"), "plugin")
		name := filepath.Join(dir, "s")
		if err := os.Symlink(link, name); err != nil {
			fmt.Fprintln(os.Stderr, "dialer:", err)
		}
		addr = "unix|" + name
	}
	if addr == "self" {
		// The honest form, for the control case: a real socket in the
		// directory, which notes the host's connection in <exe>.accepted
		// and closes it (it speaks no gRPC).
		dir, _ := os.MkdirTemp(os.Getenv("PLUGIN_UNIX_SOCKET_DIR"), "plugin")
		l, err := net.Listen("unix", filepath.Join(dir, "s"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "dialer:", err)
			os.Exit(1)
		}
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				_ = os.WriteFile(exe+".accepted", nil, 0o644)
				c.Close()
			}
		}()
		addr = "unix|" + l.Addr().String()
	}
	fmt.Printf("1|1|%s|grpc|\n", addr)
	time.Sleep(time.Minute)
}
