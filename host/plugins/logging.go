package plugins

import (
	"bytes"
	"sync"

	"github.com/hashicorp/go-hclog"
)

// namedLogger is the logger go-plugin gets for one plugin process, named
// plugin.<kind>.<name>. go-plugin re-levels the plugin's stderr under
// Named(<binary file name>); namedLogger answers that one call with a
// [cappedLogger] of itself, so lines read "plugin.scorer.match: ..." rather
// than repeating the binary name as "plugin.scorer.match.swarmhost-scorer-match: ...",
// and a plugin flooding its stderr cannot flood the host's.
type namedLogger struct {
	hclog.Logger
	binaryFile string
	stderrCap  *streamCap
}

// Named returns l itself, capped, for the binary's file name and a
// sub-logger for anything else (go-plugin's "stdio", for instance).
func (l namedLogger) Named(name string) hclog.Logger {
	if name == l.binaryFile {
		if l.stderrCap == nil {
			return l
		}
		return &cappedLogger{Logger: l, cap: l.stderrCap}
	}
	return l.Logger.Named(name)
}

// Output caps: what one plugin process may put into the host's log.
const (
	// MaxOutputLine is the longest line of plugin output (stray stdout or
	// stderr, or one stderr log line's message) the host logs; the rest
	// of the line is cut, and the cut noted on the line.
	MaxOutputLine = 4 << 10
	// MaxOutputStream is how much of each stream (stdout, stderr) of one
	// plugin process the host logs; beyond it output is counted and
	// dropped, which is noted once when it starts and again, with the
	// count, when the process ends.
	MaxOutputStream = 1 << 20
)

// strayWriter receives what a plugin writes to os.Stdout or os.Stderr after
// the handshake (go-plugin's SyncStdout/SyncStderr) and logs each line as a
// warning under the plugin's name, instead of dropping it, within the
// output caps. It holds at most MaxOutputLine bytes.
type strayWriter struct {
	log    hclog.Logger
	stream string
	cap    *streamCap
	mu     sync.Mutex
	buf    []byte
	// skip is how many bytes of the current line were cut so far; the
	// line is being discarded up to its newline.
	skip int
}

// newStrayWriter returns the writer of one stream. Stray stderr shares the
// stderr cap of the process's [namedLogger] with its log lines: one budget
// per stream, whichever way the bytes arrive.
func newStrayWriter(log hclog.Logger, stream string) *strayWriter {
	c := newStreamCap(log, stream, MaxOutputStream)
	if nl, ok := log.(namedLogger); ok && stream == "stderr" && nl.stderrCap != nil {
		c = nl.stderrCap
	}
	return &strayWriter{log: log, stream: stream, cap: c}
}

// Write logs every complete line of b; it never fails.
func (w *strayWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		chunk := b
		if i >= 0 {
			chunk = b[:i]
		}
		w.take(chunk)
		if i < 0 {
			break
		}
		w.endLine()
		b = b[i+1:]
	}
	return n, nil
}

// take adds part of a line, cutting it at MaxOutputLine.
func (w *strayWriter) take(part []byte) {
	if room := MaxOutputLine - len(w.buf); room < len(part) {
		w.skip += len(part) - max(room, 0)
		part = part[:max(room, 0)]
	}
	w.buf = append(w.buf, part...)
}

// endLine logs the line taken so far.
func (w *strayWriter) endLine() {
	w.emit(w.buf, w.skip)
	w.buf, w.skip = w.buf[:0], 0
}

// Flush logs a final unterminated line, if any, and what the stream cap
// dropped.
func (w *strayWriter) Flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.buf) > 0 || w.skip > 0 {
		w.endLine()
	}
	w.cap.report()
}

func (w *strayWriter) emit(line []byte, cut int) {
	line = bytes.TrimRight(line, "\r")
	if len(bytes.TrimSpace(line)) == 0 && cut == 0 {
		return
	}
	if !w.cap.admit(len(line) + cut) {
		return
	}
	args := []any{"output", string(line)}
	if cut > 0 {
		args = append(args, "cut_bytes", cut)
	}
	w.log.Warn("plugin wrote to "+w.stream+" outside its logger (plugins should log with hclog to stderr)", args...)
}
