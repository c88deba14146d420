package docker

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/docker/docker/client"
)

// sshHost is the placeholder host of an engine reached over ssh: requests
// go to it, each connection through `ssh HOST docker system dial-stdio`.
const sshHost = "http://docker.example.com"

// sshOptions are the client options for DOCKER_HOST=ssh://[user@]host[:port],
// as the docker CLI's connection helper makes them: the remote docker CLI
// relays each connection to its engine's socket. Nil for any other host.
func sshOptions(dockerHost string) ([]client.Opt, error) {
	u, err := url.Parse(dockerHost)
	if err != nil || u.Scheme != "ssh" {
		return nil, nil
	}
	if u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("docker sandbox: DOCKER_HOST=%q: want ssh://[user@]host[:port]", dockerHost)
	}
	args := []string{"-o", "ConnectTimeout=30", "-T"}
	if u.Port() != "" {
		args = append(args, "-p", u.Port())
	}
	target := u.Hostname()
	if u.User != nil {
		target = u.User.Username() + "@" + target
	}
	args = append(args, "--", target, "docker", "system", "dial-stdio")
	dial := func(ctx context.Context, _, _ string) (net.Conn, error) {
		return dialCommand(ctx, sshProgram(), args...)
	}
	return []client.Opt{client.WithHost(sshHost), client.WithDialContext(dial)}, nil
}

// sshProgram is the ssh client: $SWARMHOST_SSH, else ssh from PATH.
func sshProgram() string {
	if p := os.Getenv("SWARMHOST_SSH"); p != "" {
		return p
	}
	return "ssh"
}

// dialCommand starts name with args and is a connection over its stdin and
// stdout; closing it ends the process.
func dialCommand(_ context.Context, name string, args ...string) (net.Conn, error) {
	cmd := exec.Command(name, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("docker sandbox: %s: %w", name, err)
	}
	return &cmdConn{cmd: cmd, in: stdin, out: stdout}, nil
}

// cmdConn is a net.Conn over a process's pipes.
type cmdConn struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  io.ReadCloser
	once sync.Once
}

// Read reads the process's stdout.
func (c *cmdConn) Read(p []byte) (int, error) { return c.out.Read(p) }

// Write writes the process's stdin.
func (c *cmdConn) Write(p []byte) (int, error) { return c.in.Write(p) }

// CloseWrite closes the process's stdin (the engine's half-close).
func (c *cmdConn) CloseWrite() error { return c.in.Close() }

// Close ends the process and reaps it.
func (c *cmdConn) Close() error {
	c.once.Do(func() {
		_ = c.in.Close()
		_ = c.cmd.Process.Kill()
		_ = c.cmd.Wait()
	})
	return nil
}

// LocalAddr and RemoteAddr name the pipe ends.
func (c *cmdConn) LocalAddr() net.Addr  { return cmdAddr("stdio") }
func (c *cmdConn) RemoteAddr() net.Addr { return cmdAddr(c.cmd.Path) }

// SetDeadline and its kin do nothing: pipes to a process have no
// deadlines (the calls' contexts bound them instead).
func (c *cmdConn) SetDeadline(time.Time) error      { return nil }
func (c *cmdConn) SetReadDeadline(time.Time) error  { return nil }
func (c *cmdConn) SetWriteDeadline(time.Time) error { return nil }

// cmdAddr is the address of one end of a command connection.
type cmdAddr string

// Network names the transport.
func (cmdAddr) Network() string { return "cmd" }

// String is the address.
func (a cmdAddr) String() string { return string(a) }
