package cli

import (
	"bytes"
	"os"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/eval"
)

// checkDatasets reads the datasets of the evals about to run (every task's
// with evals nil) and prints every bad row as a diagnostic, with the row
// itself as the snippet, and the suite's model and tool problems
// (eval.CheckModels); false means nothing may run.
func checkDatasets(e env, s *session, evals []string) bool {
	diags, files := datasetDiags(s, evals)
	if len(diags) == 0 {
		return true
	}
	renderDiags(e, files, diags)
	return !diags.HasErrors()
}

// datasetDiags reads the datasets of evals (all when nil) and checks the
// models; the diagnostics' subjects in data files are whole lines, and
// files holds the suite's files and the data files, for rendering.
func datasetDiags(s *session, evals []string) (hcl.Diagnostics, map[string]*hcl.File) {
	diags := append(eval.CheckDatasets(s.suite, evals), eval.CheckModels(s.suite)...)
	files := make(map[string]*hcl.File, len(s.parsed.Files))
	for name, f := range s.parsed.Files {
		files[name] = f
	}
	if len(diags) == 0 {
		return diags, files
	}
	data := map[string][]byte{}
	for _, path := range eval.DatasetFiles(s.suite) {
		if b, err := os.ReadFile(path); err == nil {
			files[path], data[path] = &hcl.File{Bytes: b}, b
		}
	}
	for _, d := range diags {
		if b, ok := data[subjectFile(d)]; ok {
			*d.Subject = lineRange(d.Subject.Filename, b, d.Subject.Start.Line)
		}
	}
	return diags, files
}

func subjectFile(d *hcl.Diagnostic) string {
	if d.Subject == nil {
		return ""
	}
	return d.Subject.Filename
}

// lineRange is the range of a whole line of a data file, with the byte
// offsets the diagnostic writer needs to show it as the snippet.
func lineRange(name string, data []byte, line int) hcl.Range {
	start := 0
	for n := 1; n < line && start < len(data); n++ {
		i := bytes.IndexByte(data[start:], '\n')
		if i < 0 {
			start = len(data)
			break
		}
		start += i + 1
	}
	end := start
	if i := bytes.IndexByte(data[start:], '\n'); i >= 0 {
		end += i
	} else {
		end = len(data)
	}
	return hcl.Range{Filename: name, Start: hcl.Pos{Line: line, Column: 1, Byte: start},
		End: hcl.Pos{Line: line, Column: end - start + 1, Byte: end}}
}
