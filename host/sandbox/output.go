package sandbox

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
	"unicode/utf8"
)

// MaxOutput caps each of a command's stdout and stderr (Inspect's 10 MiB).
const MaxOutput = 10 << 20

// drainGrace is how long output is still read after the process group was
// killed, for a process that escaped the group but holds the pipes open.
const drainGrace = 2 * time.Second

// capture reads one output pipe of a command into a tail buffer.
type capture struct {
	r    *os.File
	buf  Tail
	done chan struct{}
}

// startCaptured starts cmd with its stdout and stderr on pipes of our own —
// not exec's copying goroutines, which would make Wait hang on a background
// process holding them — and starts reading them.
func startCaptured(cmd *exec.Cmd, start func(*exec.Cmd) error) (stdout, stderr *capture, err error) {
	stdout, outW, err := newCapture()
	if err != nil {
		return nil, nil, err
	}
	stderr, errW, err := newCapture()
	if err != nil {
		stdout.r.Close()
		outW.Close()
		return nil, nil, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	err = start(cmd)
	outW.Close()
	errW.Close()
	if err != nil {
		stdout.r.Close()
		stderr.r.Close()
		return nil, nil, err
	}
	go stdout.read()
	go stderr.read()
	return stdout, stderr, nil
}

// newCapture makes a pipe; the caller hands the write end to the command.
func newCapture() (*capture, *os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	return &capture{r: r, buf: Tail{limit: MaxOutput}, done: make(chan struct{})}, w, nil
}

// read copies the pipe into the buffer until every writer has gone.
func (c *capture) read() {
	_, _ = io.Copy(&c.buf, c.r)
	close(c.done)
}

// finish waits (at most drainGrace) for the output to end and returns it.
func (c *capture) finish() string {
	select {
	case <-c.done:
	case <-time.After(drainGrace):
	}
	c.r.Close()
	<-c.done
	return c.buf.String()
}

// Tail keeps the last limit bytes written to it and counts the rest: a
// command's output capped as [Env.Exec] caps it. Make one with [NewTail].
type Tail struct {
	limit int
	buf   []byte
	total int64
}

// NewTail returns a Tail that keeps the last limit bytes.
func NewTail(limit int) *Tail { return &Tail{limit: limit} }

// Write keeps p's bytes, dropping the oldest beyond twice the limit (the
// buffer is cut to size once, in String).
func (t *Tail) Write(p []byte) (int, error) {
	t.total += int64(len(p))
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.limit {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.limit:]...)
	}
	return len(p), nil
}

// String returns the output; when it exceeded the limit, its last bytes
// (starting at a whole UTF-8 character) after a note of what was dropped.
func (t *Tail) String() string {
	if t.total <= int64(t.limit) {
		return string(t.buf)
	}
	keep := t.buf[len(t.buf)-t.limit:]
	for i := 0; i < utf8.UTFMax && len(keep) > 0 && !utf8.RuneStart(keep[0]); i++ {
		keep = keep[1:]
	}
	dropped := t.total - int64(len(keep))
	return fmt.Sprintf("[output truncated: the first %d of %d bytes were dropped]\n", dropped, t.total) + string(keep)
}
