package cli

import (
	"io"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/mattn/go-isatty"

	"github.com/swarmhost/swarmhost/host/config"
)

// colorOn reports whether diagnostics on w are coloured: only on a
// terminal, and never when $NO_COLOR is set (https://no-color.org).
func colorOn(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	f, ok := w.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
}

// renderDiags writes diagnostics over files on e's stderr, coloured on a
// terminal.
func renderDiags(e env, files map[string]*hcl.File, diags hcl.Diagnostics) {
	_ = config.NewTextWriter(e.stderr, files, colorOn(e.stderr)).WriteDiagnostics(diags)
}
