package cli

import (
	"encoding/json"
	"io"

	"github.com/hashicorp/hcl/v2"
)

// jsonDiagnostic is one diagnostic of `validate --json`, for editors and
// CI: where it points (file, 1-based line and column of the subject's
// start, and its whole range), how bad it is and what it says.
type jsonDiagnostic struct {
	Severity string     `json:"severity"`
	Summary  string     `json:"summary"`
	Detail   string     `json:"detail,omitempty"`
	File     string     `json:"file,omitempty"`
	Line     int        `json:"line,omitempty"`
	Column   int        `json:"column,omitempty"`
	Range    *jsonRange `json:"range,omitempty"`
}

// jsonRange is a source range; End is exclusive, as in HCL.
type jsonRange struct {
	Start jsonPos `json:"start"`
	End   jsonPos `json:"end"`
}

// jsonPos is a position: 1-based line and column (in characters), 0-based
// byte offset.
type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

// validateJSON is the whole output of `validate --json`.
type validateJSON struct {
	Valid       bool             `json:"valid"`
	ErrorCount  int              `json:"error_count"`
	WarnCount   int              `json:"warning_count"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
}

// writeDiagsJSON writes diags as one indented JSON object, with <, > and &
// as they are.
func writeDiagsJSON(w io.Writer, diags hcl.Diagnostics) error {
	out := validateJSON{Valid: !diags.HasErrors(), Diagnostics: []jsonDiagnostic{}}
	for _, d := range diags {
		jd := toJSONDiag(d)
		if d.Severity == hcl.DiagError {
			out.ErrorCount++
		} else {
			out.WarnCount++
		}
		out.Diagnostics = append(out.Diagnostics, jd)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// toJSONDiag converts one diagnostic.
func toJSONDiag(d *hcl.Diagnostic) jsonDiagnostic {
	jd := jsonDiagnostic{Severity: "warning", Summary: d.Summary, Detail: d.Detail}
	if d.Severity == hcl.DiagError {
		jd.Severity = "error"
	}
	if r := d.Subject; r != nil {
		jd.File, jd.Line, jd.Column = r.Filename, r.Start.Line, r.Start.Column
		jd.Range = &jsonRange{Start: jsonPos{r.Start.Line, r.Start.Column, r.Start.Byte},
			End: jsonPos{r.End.Line, r.End.Column, r.End.Byte}}
	}
	return jd
}
