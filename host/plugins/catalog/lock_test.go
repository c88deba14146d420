package catalog

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/plugins"
)

func TestLockRefusesUnlistedPlugins(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, WriteLock(filepath.Join(dir, LockFile), nil))
	l := newSuiteLock(dir)
	fakePlugin(t, dir, "agent", "scripted", "#!/bin/sh\n")
	b, err := plugins.Discover("agent", "scripted", nil, []string{dir})
	require.NoError(t, err)
	assert.ErrorContains(t, l.check(b), "does not list it")
	var none *suiteLock
	assert.NoError(t, none.check(b), "a nil lock checks nothing")
}

func TestLockRefusesAChangedBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fakePlugin(t, dir, "scorer", "m", "#!/bin/sh\necho one\n")
	b, err := plugins.Discover("scorer", "m", nil, []string{dir})
	require.NoError(t, err)
	require.NoError(t, WriteLock(filepath.Join(dir, LockFile), []plugins.Binary{b}))
	require.NoError(t, newSuiteLock(dir).check(b))
	fakePlugin(t, dir, "scorer", "m", "#!/bin/sh\necho two\n")
	changed, err := plugins.Discover("scorer", "m", nil, []string{dir})
	require.NoError(t, err)
	err = newSuiteLock(dir).check(changed)
	assert.ErrorContains(t, err, "the binary changed since it was locked")
	assert.ErrorContains(t, err, "swarmhost plugins lock "+dir)
}

func TestLockPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := map[string]struct{ suite, want string }{
		"a directory suite":  {dir, filepath.Join(dir, LockFile)},
		"a file suite":       {filepath.Join(dir, "capitals.hcl"), filepath.Join(dir, "capitals.lock.json")},
		"a relative file":    {"suites/a.hcl", "suites/a.lock.json"},
		"a path of no suite": {filepath.Join(dir, "none"), filepath.Join(dir, "none", LockFile)},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, LockPath(tc.suite))
		})
	}
}
