package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// export is where a volume's files live: a directory of an SFTP server.
type export struct {
	server string
	port   int
	dir    string
}

// exportOf reads a PersistentVolume's volume attributes: server (an IP address), port (default 22)
// and path (an absolute directory on the server).
func exportOf(attrs map[string]string) (export, error) {
	e := export{server: attrs["server"], port: 22, dir: attrs["path"]}
	if net.ParseIP(e.server) == nil {
		return e, fmt.Errorf("volume attribute server %q: want an IP address", e.server)
	}
	if p := attrs["port"]; p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return e, fmt.Errorf("volume attribute port %q: want 1 to 65535", p)
		}
		e.port = n
	}
	if !path.IsAbs(e.dir) {
		return e, fmt.Errorf("volume attribute path %q: want an absolute directory", e.dir)
	}
	return e, nil
}

// sshfsOptions are how the plugin logs in to the servers.
type sshfsOptions struct {
	sshfs, key, knownHosts string
}

// mountTimeout bounds one sshfs mount (it returns once the file system is mounted).
const mountTimeout = 30 * time.Second

// mount mounts the export at target with sshfs, which stays behind as the mount's daemon. Host keys
// are checked against the known_hosts file; no agent, password or prompt is ever used. Writes go
// to the server as they are made (no write-back cache), so what a pod wrote before its node died is
// on the server, up to the last write in flight.
func (o sshfsOptions) mount(ctx context.Context, e export, target string, readonly bool) error {
	opts := []string{
		"port=" + strconv.Itoa(e.port), "IdentityFile=" + o.key, "UserKnownHostsFile=" + o.knownHosts,
		"StrictHostKeyChecking=yes", "BatchMode=yes", "IdentitiesOnly=yes", "ServerAliveInterval=5",
		"ServerAliveCountMax=3", "ConnectTimeout=10", "allow_other", "dir_cache=no",
	}
	if readonly {
		opts = append(opts, "ro")
	}
	ctx, cancel := context.WithTimeout(ctx, mountTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, o.sshfs, "-o", strings.Join(opts, ","), "root@"+hostPort(e.server)+":"+e.dir, target)
	cmd.Stdin = nil
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("sshfs %s:%d%s: %v: %s", e.server, e.port, e.dir, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// hostPort brackets an IPv6 address for sshfs's HOST:PATH.
func hostPort(ip string) string {
	if strings.Contains(ip, ":") {
		return "[" + ip + "]"
	}
	return ip
}

// mounted reports whether path is a mount point (this process's mount table).
func mounted(target string) bool {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) > 4 && unescape(fields[4]) == target {
			return true
		}
	}
	return false
}

// unescape undoes mountinfo's octal escapes (\040 for a space).
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unmount unmounts target if it is mounted: a dead server's mount (its sshfs gone) is detached
// lazily rather than left to block the kubelet.
func unmount(target string) error {
	if !mounted(target) {
		return nil
	}
	if err := syscall.Unmount(target, 0); err == nil {
		return nil
	}
	return syscall.Unmount(target, syscall.MNT_DETACH)
}
