package sdkmodule_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// TestReadmeShowsTheFreshModule: the README's "Writing a plugin" shows the
// fresh module's files as they are, so the code an author copies is the
// code TestPluginInAFreshModule builds and tests.
func TestReadmeShowsTheFreshModule(t *testing.T) {
	t.Parallel()
	readme := readFile(t, filepath.Join(testplugins.Root(), "README.md"))
	for _, name := range []string{"exacttext/exact.go", "exacttext/main.go", "relay/relay.go"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join("testdata", "fresh", filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(readme, "```go\n"+string(src)+"```\n") {
				t.Errorf("README.md does not show testdata/fresh/%s as it is", name)
			}
		})
	}
}
