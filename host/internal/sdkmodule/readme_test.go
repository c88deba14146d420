package sdkmodule_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// guides are the docs pages that show each file of the example plugins.
var guides = map[string]string{
	"exact-text/exact.go": "docs/guides/writing-a-scorer.md",
	"exact-text/main.go":  "docs/guides/writing-a-scorer.md",
	"relay/relay.go":      "docs/guides/writing-a-controller.md",
}

// TestReadmeShowsTheExamplePlugins: the guides to writing a scorer and a
// controller show the example plugins' files as they are, so the code an
// author copies is the code TestPluginInAFreshModule and TestExamplePlugins
// build and run.
func TestReadmeShowsTheExamplePlugins(t *testing.T) {
	t.Parallel()
	for name, guide := range guides {
		page := readFile(t, filepath.Join(testplugins.Root(), filepath.FromSlash(guide)))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join(testplugins.Root(), "examples", "plugins", filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(page, "```go\n"+string(src)+"```\n") {
				t.Errorf("%s does not show examples/plugins/%s as it is", guide, name)
			}
		})
	}
}
