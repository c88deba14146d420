package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
)

// directorySuiteNote explains duplicate definitions across the files of a
// directory suite: swarmhost loads every .hcl file of a directory as one
// suite, so a directory holding several suites (each a file of its own)
// is one suite with every name defined several times. It returns one
// warning naming the files and how to use one of them, or nothing.
func directorySuiteNote(parsed *config.Parsed, diags hcl.Diagnostics) hcl.Diagnostics {
	if parsed == nil || !slices.ContainsFunc(diags, func(d *hcl.Diagnostic) bool {
		return strings.HasPrefix(d.Summary, "Duplicate ")
	}) {
		return nil
	}
	var files []string
	for name := range parsed.Files {
		if strings.HasSuffix(name, ".hcl") {
			files = append(files, filepath.Base(name))
		}
	}
	if len(files) < 2 {
		return nil
	}
	slices.Sort(files)
	one := filepath.Join(parsed.Dir, files[0])
	return hcl.Diagnostics{{Severity: hcl.DiagWarning, Summary: "A directory is one suite",
		Detail: fmt.Sprintf("%s is a directory, so swarmhost loads every .hcl file in it as one suite: %s. "+
			"A name defined in two of them is a duplicate. If each file is a suite of its own, name the file "+
			"(swarmhost run %s, swarmhost plugins lock %s).", parsed.Dir, strings.Join(files, ", "), one, one)}}
}
