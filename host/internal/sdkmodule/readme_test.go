package sdkmodule_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// guides are the docs pages that show each file of the fresh module.
var guides = map[string]string{
	"exacttext/exact.go": "docs/guides/writing-a-scorer.md",
	"exacttext/main.go":  "docs/guides/writing-a-scorer.md",
	"relay/relay.go":     "docs/guides/writing-a-controller.md",
}

// TestReadmeShowsTheFreshModule: the guides to writing a scorer and a
// controller show the fresh module's files as they are, so the code an
// author copies is the code TestPluginInAFreshModule builds and tests.
func TestReadmeShowsTheFreshModule(t *testing.T) {
	t.Parallel()
	for name, guide := range guides {
		readme := readFile(t, filepath.Join(testplugins.Root(), filepath.FromSlash(guide)))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join("testdata", "fresh", filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(readme, "```go\n"+string(src)+"```\n") {
				t.Errorf("%s does not show testdata/fresh/%s as it is", guide, name)
			}
		})
	}
}
