package testplugins

import (
	"os"
	"path/filepath"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// TrustRepositoryScripts writes the trust manifest `make build` would
// write for the repository's Python plugins (plugins-python/, examples/*/
// plugins/) beside the running test binary, so that a test host trusts
// exactly those bytes, as an installed swarmhost does. The manifest lives
// in the test binary's own temporary directory.
func TrustRepositoryScripts() error {
	root := Root()
	var paths []string
	for _, pattern := range []string{"plugins-python/*/swarmhost-*-*", "examples/*/plugins/swarmhost-*-*"} {
		found, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			return err
		}
		paths = append(paths, found...)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return plugins.WriteManifest(filepath.Dir(exe), paths)
}
