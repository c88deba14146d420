package sdkmodule

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// Path is the SDK's module path.
const Path = "github.com/swarmhost/swarmhost/sdk"

// skipped are the SDK directory's trees that are not the SDK module: the
// Python SDK (its own package, sdk/python) and the host's half of the
// protocol (its own module, sdk/hostrpc) stay out of the module zip.
var skipped = []string{"python", "hostrpc"}

// escapedPath is the SDK's module path as a proxy spells it.
func escapedPath() (string, error) { return module.EscapePath(Path) }

// writeVersion writes one version's .info, .mod and .zip.
func writeVersion(proxyDir, sdkDir, version string, when time.Time) error {
	mv := module.Version{Path: Path, Version: version}
	if _, err := escapedPath(); err != nil {
		return err
	}
	dir := versionDir(proxyDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(sdkDir, "go.mod"))
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{version + ".info": infoJSON(version, when), version + ".mod": mod} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return writeZip(filepath.Join(dir, version+".zip"), mv, sdkDir)
}

// writeZip writes the module zip of sdkDir's Go files.
func writeZip(path string, mv module.Version, sdkDir string) error {
	files, err := moduleFiles(sdkDir)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := zip.Create(f, mv, files); err != nil {
		f.Close()
		return fmt.Errorf("zip %s: %w", mv, err)
	}
	return f.Close()
}

// moduleFiles lists the regular files under root, less the skipped trees.
func moduleFiles(root string) ([]zip.File, error) {
	var files []zip.File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() && isSkipped(rel) {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			files = append(files, file{root: root, rel: rel})
		}
		return nil
	})
	return files, err
}

func isSkipped(rel string) bool {
	for _, s := range skipped {
		if rel == s {
			return true
		}
	}
	return false
}

// file is one file of the module zip, by its slash path under root.
type file struct{ root, rel string }

func (f file) Path() string                 { return f.rel }
func (f file) Lstat() (os.FileInfo, error)  { return os.Lstat(f.abs()) }
func (f file) Open() (io.ReadCloser, error) { return os.Open(f.abs()) }
func (f file) abs() string                  { return filepath.Join(f.root, filepath.FromSlash(f.rel)) }
