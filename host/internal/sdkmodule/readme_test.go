package sdkmodule_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// TestReadmeShowsTheExamplePlugins: the README's "Writing a plugin" shows
// the example plugins' files as they are, so the code an author copies is
// the code TestPluginInAFreshModule and TestExamplePlugins build and run.
func TestReadmeShowsTheExamplePlugins(t *testing.T) {
	t.Parallel()
	readme := readFile(t, filepath.Join(testplugins.Root(), "README.md"))
	for _, name := range []string{"exact-text/exact.go", "exact-text/main.go", "relay/relay.go"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join(testplugins.Root(), "examples", "plugins", filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(readme, "```go\n"+string(src)+"```\n") {
				t.Errorf("README.md does not show examples/plugins/%s as it is", name)
			}
		})
	}
}
