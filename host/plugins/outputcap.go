package plugins

import (
	"fmt"
	"sync"

	"github.com/hashicorp/go-hclog"
)

// streamCap counts one output stream of one plugin process against
// [MaxOutputStream]: lines are admitted until the stream has used its
// budget, then dropped and counted.
type streamCap struct {
	log    hclog.Logger
	stream string
	limit  int

	mu      sync.Mutex
	used    int
	dropped int
	lines   int
}

func newStreamCap(log hclog.Logger, stream string, limit int) *streamCap {
	return &streamCap{log: log, stream: stream, limit: limit}
}

// admit reports whether a line of n bytes may be logged; the first line
// refused is noted in the log.
func (c *streamCap) admit(n int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.used+n <= c.limit && c.dropped == 0 {
		c.used += n
		return true
	}
	if c.dropped == 0 {
		c.log.Warn(fmt.Sprintf("plugin output cut: the plugin wrote more than %d bytes to %s; the rest is dropped "+
			"(counted, and reported when the process ends)", c.limit, c.stream))
	}
	c.dropped += n
	c.lines++
	return false
}

// report notes how much was dropped, once the stream has ended.
func (c *streamCap) report() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dropped > 0 {
		c.log.Warn(fmt.Sprintf("plugin output cut: %d bytes in %d lines of %s were dropped", c.dropped, c.lines, c.stream),
			"logged_bytes", c.used)
		c.dropped, c.lines = 0, 0
		c.used = c.limit // the stream stays closed
	}
}

// cappedLogger is the logger go-plugin re-levels a plugin's stderr lines
// through: each message is cut at [MaxOutputLine] and the stream at
// [MaxOutputStream].
type cappedLogger struct {
	hclog.Logger
	cap *streamCap
}

// Log logs msg at level within the caps.
func (l *cappedLogger) Log(level hclog.Level, msg string, args ...any) {
	msg, args, ok := l.fit(msg, args)
	if ok {
		l.Logger.Log(level, msg, args...)
	}
}

// Trace is Log at trace level.
func (l *cappedLogger) Trace(msg string, args ...any) { l.Log(hclog.Trace, msg, args...) }

// Debug is Log at debug level.
func (l *cappedLogger) Debug(msg string, args ...any) { l.Log(hclog.Debug, msg, args...) }

// Info is Log at info level.
func (l *cappedLogger) Info(msg string, args ...any) { l.Log(hclog.Info, msg, args...) }

// Warn is Log at warn level.
func (l *cappedLogger) Warn(msg string, args ...any) { l.Log(hclog.Warn, msg, args...) }

// Error is Log at error level.
func (l *cappedLogger) Error(msg string, args ...any) { l.Log(hclog.Error, msg, args...) }

// fit cuts msg and string arguments at MaxOutputLine and charges the line
// to the stream; ok is false when the stream's budget is spent.
func (l *cappedLogger) fit(msg string, args []any) (string, []any, bool) {
	size, cut := len(msg), 0
	if len(msg) > MaxOutputLine {
		cut += len(msg) - MaxOutputLine
		msg = msg[:MaxOutputLine]
	}
	out, copied := args, false
	for i, a := range args {
		s, isString := a.(string)
		if !isString {
			size += len(fmt.Sprint(a)) // a parsed JSON field: its line was at most go-plugin's 64 KiB
			continue
		}
		size += len(s)
		if len(s) > MaxOutputLine {
			if !copied {
				out, copied = append([]any(nil), args...), true
			}
			cut += len(s) - MaxOutputLine
			out[i] = s[:MaxOutputLine]
		}
	}
	if !l.cap.admit(size) {
		return "", nil, false
	}
	if cut > 0 {
		out = append(out, "cut_bytes", cut)
	}
	return msg, out, true
}
