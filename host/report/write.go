package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/study"
)

//go:embed page.html.tmpl
var pageText string

// pageTemplate is parsed once; a broken template is a bug caught by every
// test.
var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"f":     func(x float64) string { return fmt.Sprintf("%.1f", x) },
	"add":   func(a, b float64) float64 { return a + b },
	"half":  func(x float64) float64 { return x / 2 },
	"deref": func(p *float64) float64 { return *p },
	"pct":   func(x float64) float64 { return x * 100 },
	"join":  func(xs []string) string { return strings.Join(xs, ", ") },
	"base":  filepath.Base,
	// markOf and keyOf feed the "marker" template: a series' mark at its
	// point, or its legend key.
	"markOf": func(s series, m mark) markerArgs {
		return markerArgs{M: m, Shape: s.Shape, Class: "mark"}
	},
	"keyOf": func(plot box, y float64, s series) markerArgs {
		return markerArgs{M: mark{X: plot.X + plot.W + 25, Y: y - 4}, Shape: s.Shape, Class: "keymark"}
	},
}).Parse(pageText))

// markerArgs are the "marker" template's: a mark, its shape and class.
type markerArgs struct {
	M            mark
	Shape, Class string
}

// WriteHTML writes the report's page.
func WriteHTML(w io.Writer, r *study.Report) error {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, newPage(r)); err != nil {
		return fmt.Errorf("render report: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Files are the paths Write wrote.
type Files struct{ HTML, JSON, CSV string }

// Write writes base.html, base.json and base.csv into dir (made when
// missing), each whole or not at all (written beside, then renamed).
func Write(dir, base string, r *study.Report) (Files, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Files{}, fmt.Errorf("report dir: %w", err)
	}
	f := Files{HTML: filepath.Join(dir, base+".html"), JSON: filepath.Join(dir, base+".json"), CSV: filepath.Join(dir, base+".csv")}
	for path, write := range map[string]func(io.Writer) error{
		f.HTML: func(w io.Writer) error { return WriteHTML(w, r) },
		f.JSON: r.WriteJSON,
		f.CSV:  r.WriteCSV,
	} {
		if err := writeFile(path, write); err != nil {
			return Files{}, err
		}
	}
	return f, nil
}

// writeFile writes path through a temporary file renamed into place.
func writeFile(path string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
