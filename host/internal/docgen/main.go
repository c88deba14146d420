// Command docgen writes the generated reference pages of docs/reference
// (host/internal/refdocs): `make docs`, or `go run ./host/internal/docgen`
// from the repository root.
package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/swarmhost/swarmhost/host/internal/refdocs"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

func main() {
	root := testplugins.Root()
	pages, err := refdocs.Generate(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	for _, name := range slices.Sorted(maps.Keys(pages)) {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), pages[name], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "docgen:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", name)
	}
}
