package plugins

// The zygote's control socket: its messages (JSON, with a pidfd or the
// worker's stdout and stderr as SCM_RIGHTS), the fork request and the
// workers' exits (the SDK's _zygote.py is the other end).

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// zygoteMessage is one message from the zygote.
type zygoteMessage struct {
	Ready  bool   `json:"ready"`
	Pid    int    `json:"pid"`
	Error  string `json:"error"`
	Exit   int    `json:"exit"`
	Status int    `json:"status"`
	pidfd  int
}

// zygoteExit is a forked worker's exit, once the zygote has reaped it.
type zygoteExit struct {
	done   chan struct{}
	status int
}

// receive reads one message (and a pidfd with it, if any).
func (z *zygote) receive() (zygoteMessage, error) {
	buf := make([]byte, 4096)
	oob := make([]byte, unix.CmsgSpace(4))
	n, oobn, _, _, err := z.ctl.ReadMsgUnix(buf, oob)
	if err != nil {
		return zygoteMessage{}, err
	}
	if n == 0 {
		return zygoteMessage{}, io.EOF
	}
	m := zygoteMessage{pidfd: -1}
	if oobn > 0 {
		if msgs, err := unix.ParseSocketControlMessage(oob[:oobn]); err == nil {
			for _, cm := range msgs {
				if fds, err := unix.ParseUnixRights(&cm); err == nil {
					for _, fd := range fds {
						if m.pidfd < 0 {
							m.pidfd = fd
						} else {
							_ = unix.Close(fd)
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf[:n], &m); err != nil {
		if m.pidfd >= 0 {
			_ = unix.Close(m.pidfd)
		}
		return zygoteMessage{}, fmt.Errorf("zygote message %q: %w", buf[:n], err)
	}
	return m, nil
}

// readLoop dispatches the zygote's messages until it exits: a worker's
// exit to its waiter, anything else to the fork request waiting for it.
func (z *zygote) readLoop() {
	for {
		m, err := z.receive()
		if err != nil {
			return
		}
		if m.Exit != 0 {
			x := z.exit(m.Exit)
			z.mu.Lock()
			x.status = m.Status
			z.mu.Unlock()
			close(x.done)
			continue
		}
		z.replies <- m
	}
}

// exit is pid's exit record, made on first use.
func (z *zygote) exit(pid int) *zygoteExit {
	z.mu.Lock()
	defer z.mu.Unlock()
	x := z.exits[pid]
	if x == nil {
		x = &zygoteExit{done: make(chan struct{})}
		z.exits[pid] = x
	}
	return x
}

// fork asks the zygote for a worker with env, stdout and stderr; it
// returns the worker's pid and a pidfd for it.
func (z *zygote) fork(env []string, stdout, stderr *os.File) (int, int, error) {
	z.forkMu.Lock()
	defer z.forkMu.Unlock()
	body, err := json.Marshal(map[string]any{"env": env})
	if err != nil {
		return 0, -1, err
	}
	rights := unix.UnixRights(int(stdout.Fd()), int(stderr.Fd()))
	if _, _, err := z.ctl.WriteMsgUnix(body, rights, nil); err != nil {
		return 0, -1, fmt.Errorf("zygote: fork request: %w", err)
	}
	select {
	case m := <-z.replies:
		if m.Error != "" || m.Pid <= 0 || m.pidfd < 0 {
			if m.pidfd >= 0 {
				_ = unix.Close(m.pidfd)
			}
			return 0, -1, fmt.Errorf("zygote: fork: %s", m.Error)
		}
		z.exit(m.Pid) // from now on its exit is recorded
		return m.Pid, m.pidfd, nil
	case <-z.done:
		return 0, -1, errors.New("zygote: exited")
	case <-time.After(z.opts.StartTimeout):
		return 0, -1, errors.New("zygote: no answer to a fork request")
	}
}
