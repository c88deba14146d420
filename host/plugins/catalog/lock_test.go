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
	l := &suiteLock{path: filepath.Join(dir, LockFile)}
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
	require.NoError(t, (&suiteLock{path: filepath.Join(dir, LockFile)}).check(b))
	fakePlugin(t, dir, "scorer", "m", "#!/bin/sh\necho two\n")
	changed, err := plugins.Discover("scorer", "m", nil, []string{dir})
	require.NoError(t, err)
	err = (&suiteLock{path: filepath.Join(dir, LockFile)}).check(changed)
	assert.ErrorContains(t, err, "the binary changed since it was locked")
	assert.ErrorContains(t, err, "swarmhost plugins lock "+dir)
}
