package config

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// Render writes diags as text, each with its file, line and column and a
// source snippet whose subject is marked with carets, without colour or
// wrapping. Diagnostics of later phases that point into the suite render
// the same way.
func (p *Parsed) Render(w io.Writer, diags hcl.Diagnostics) error {
	return p.DiagnosticWriter(w, false).WriteDiagnostics(diags)
}

// DiagnosticWriter returns the text writer over the suite's files; color
// adds ANSI colours (for a terminal).
func (p *Parsed) DiagnosticWriter(w io.Writer, color bool) hcl.DiagnosticWriter {
	return NewTextWriter(w, p.Files, color)
}

// NewTextWriter renders diagnostics over files as HCL's text writer does,
// adding the subject's column to the "on FILE line N" line and a line of
// carets under the subject in the snippet. Without color the output is
// plain text.
func NewTextWriter(w io.Writer, files map[string]*hcl.File, color bool) hcl.DiagnosticWriter {
	return &textWriter{w: w, files: files, color: color}
}

// textWriter is [NewTextWriter]'s writer.
type textWriter struct {
	w     io.Writer
	files map[string]*hcl.File
	color bool
}

// HCL's writer marks the subject with these codes when colouring.
const (
	highlightOn  = "\x1b[1;4m"
	colorReset   = "\x1b[0m"
	caretsColour = "\x1b[1;31m"
)

// ansiRE matches ANSI colour codes.
var ansiRE = regexp.MustCompile("\x1b\\[[0-9;]*m")

// WriteDiagnostic renders one diagnostic.
func (t *textWriter) WriteDiagnostic(d *hcl.Diagnostic) error {
	var buf bytes.Buffer
	if err := hcl.NewDiagnosticTextWriter(&buf, t.files, 0, true).WriteDiagnostic(d); err != nil {
		return err
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	header := true
	var out strings.Builder
	for _, line := range lines {
		if header && d.Subject != nil && strings.HasPrefix(line, "  on ") {
			line, header = withColumn(line, *d.Subject), false
		}
		carets := caretLine(line)
		if !t.color {
			line = ansiRE.ReplaceAllString(line, "")
		}
		out.WriteString(line)
		if carets != "" {
			out.WriteString(t.paint(carets) + "\n")
		}
	}
	_, err := io.WriteString(t.w, out.String())
	return err
}

// WriteDiagnostics renders each diagnostic in turn.
func (t *textWriter) WriteDiagnostics(diags hcl.Diagnostics) error {
	for _, d := range diags {
		if err := t.WriteDiagnostic(d); err != nil {
			return err
		}
	}
	return nil
}

// paint colours the carets on a terminal.
func (t *textWriter) paint(s string) string {
	if !t.color {
		return s
	}
	indent := len(s) - len(strings.TrimLeft(s, " \t"))
	return s[:indent] + caretsColour + s[indent:] + colorReset
}

// withColumn adds ", column C" after "line N" in the header line.
func withColumn(line string, r hcl.Range) string {
	at := fmt.Sprintf(" line %d", r.Start.Line)
	return strings.Replace(line, at, fmt.Sprintf("%s, column %d", at, r.Start.Column), 1)
}

// caretLine is the marker under a snippet line holding the highlighted
// subject: blanks (tabs kept) up to it, then one caret per character; ""
// for a line without it.
func caretLine(line string) string {
	before, rest, ok := strings.Cut(line, highlightOn)
	if !ok {
		return ""
	}
	marked, _, _ := strings.Cut(rest, colorReset)
	before = ansiRE.ReplaceAllString(before, "")
	var pad strings.Builder
	for _, r := range before {
		if r == '\t' {
			pad.WriteRune('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	return pad.String() + strings.Repeat("^", max(1, utf8.RuneCountInString(marked)))
}
