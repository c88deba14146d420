package catalog

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// fakePlugin writes an executable file named as kind/name's plugin in dir.
func fakePlugin(t *testing.T, dir, kind, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, plugins.BinaryName(kind, name))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o755))
	return path
}

func TestCatalogueBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := fakePlugin(t, dir, "agent", "a", "#!/bin/sh\necho a\n")
	fakePlugin(t, dir, "agent", "b", "#!/bin/sh\necho b\n")
	c := &Catalog{ctx: context.Background(), dirs: []string{dir}}

	t.Run("one discovery per plugin, shared by concurrent callers", func(t *testing.T) {
		var wg sync.WaitGroup
		got := make([]plugins.Binary, 8)
		for i := range got {
			wg.Go(func() {
				b, err := c.Binary("agent", "a")
				assert.NoError(t, err)
				got[i] = b
			})
		}
		wg.Wait()
		for _, b := range got {
			assert.Equal(t, a, b.Path)
			assert.Equal(t, got[0].SHA256, b.SHA256)
			assert.Len(t, b.SHA256, 64)
		}
	})
	t.Run("another plugin's discovery in progress does not hold this one", func(t *testing.T) {
		held := c.entry("agent/held")
		held.mu.Lock() // as a discovery hashing that plugin would
		defer held.mu.Unlock()
		b, err := c.Binary("agent", "b")
		require.NoError(t, err)
		assert.Equal(t, "b", b.Name)
	})
	t.Run("a failed discovery is not remembered", func(t *testing.T) {
		_, err := c.Binary("agent", "late")
		require.True(t, errors.As(err, new(*plugins.NotFoundError)), "%v", err)
		fakePlugin(t, dir, "agent", "late", "#!/bin/sh\n")
		b, err := c.Binary("agent", "late")
		require.NoError(t, err)
		assert.Equal(t, "late", b.Name)
	})
	t.Run("binaries lists what was found", func(t *testing.T) {
		var names []string
		for _, b := range c.Binaries() {
			names = append(names, b.Name)
		}
		assert.Subset(t, names, []string{"a", "b", "late"})
		assert.NotContains(t, names, "held")
	})
}
