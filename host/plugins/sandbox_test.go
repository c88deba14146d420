package plugins

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestUntrustedPluginRunsSandboxed(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	b := install(t, "swarmhost-scorer-good")
	b.Trust = Untrusted
	m := newTestManager(t, Options{})
	infos, err := m.Info(context.Background(), b)
	require.NoError(t, err)
	require.Len(t, infos, 1)
	assert.Equal(t, "good", infos[0].Name)
	p, err := m.Start(context.Background(), b)
	require.NoError(t, err)
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/cmdline")
	require.NoError(t, err)
	assert.Contains(t, string(cmdline), isolate.InitArg, "the host started the sandbox init, not the plugin")
	_, err = os.Stat(b.Path + ".starts")
	assert.ErrorIs(t, err, os.ErrNotExist, "the plugin could not write beside its binary")

	sc, err := m.Scorer(context.Background(), b)
	require.NoError(t, err)
	req := scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"__crash__"}}}
	var resp scorer.ScoreResponse
	_ = sc.Scorer("good").Score(context.Background(), req, &resp)
	<-m.Crashed(b)
	assert.Contains(t, p.Err().Error(), "exited unexpectedly")
	requireGone(t, p.Pid())
}

func TestUntrustedPluginChecksumIsChecked(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	b := install(t, "swarmhost-scorer-good")
	b.Trust = Untrusted
	b.SHA256 = strings.Repeat("0", 64)
	m := newTestManager(t, Options{})
	_, err := m.Start(context.Background(), b)
	var ce *ChecksumError
	require.True(t, errors.As(err, &ce), "got %v", err)
}

func TestDefaultTrust(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	dir := filepath.Dir(exe)
	good := install(t, "swarmhost-scorer-good")
	require.NoError(t, WriteManifest(dir, []string{good.Path}))
	t.Cleanup(func() { _ = os.Remove(filepath.Join(dir, ManifestName)) })
	other := install(t, "swarmhost-scorer-levels")
	renamed := good
	renamed.Path = filepath.Join(filepath.Dir(other.Path), "swarmhost-scorer-levels")
	tests := map[string]struct {
		b    Binary
		want string
	}{
		"listed, anywhere":                {b: good, want: Trusted},
		"listed bytes under another name": {b: renamed, want: Untrusted},
		"bytes not listed":                {b: other, want: Untrusted},
		"changed bytes":                   {b: Binary{Path: good.Path, SHA256: strings.Repeat("0", 64)}, want: Untrusted},
		"beside the executable, unlisted": {b: Binary{Path: exe, SHA256: mustSHA(t, exe)}, want: Untrusted},
		"in the source tree":              {b: Binary{Path: "../../go.mod", SHA256: mustSHA(t, "../../go.mod")}, want: Untrusted},
		"no digest":                       {b: Binary{Path: good.Path}, want: Untrusted},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, DefaultTrust(tt.b))
		})
	}
	b := WithDefaultTrust(Binary{Path: good.Path, SHA256: good.SHA256, Trust: Untrusted})
	assert.Equal(t, Untrusted, b.Trust, "an explicit trust wins")

	t.Run("a manifest another user owns is ignored", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("giving a file to another user needs root")
		}
		manifest := filepath.Join(dir, ManifestName)
		require.Equal(t, Trusted, DefaultTrust(good), "the manifest as written is honoured")
		require.NoError(t, os.Chown(manifest, foreignUID, foreignUID))
		t.Cleanup(func() { _ = os.Chown(manifest, 0, 0) })
		assert.Equal(t, Untrusted, DefaultTrust(good), "mode 0644 but owned by uid %d", foreignUID)
		_, err := loadManifest(manifest)
		assert.ErrorContains(t, err, "neither root nor this user")
	})
	t.Run("a manifest others can write is ignored", func(t *testing.T) {
		require.NoError(t, os.Chmod(filepath.Join(dir, ManifestName), 0o666))
		assert.Equal(t, Untrusted, DefaultTrust(good))
	})
}

// foreignUID is a uid that is neither root nor the test's user.
const foreignUID = 54321

func mustSHA(t *testing.T, path string) string {
	sum, err := FileSHA256(path)
	require.NoError(t, err)
	return sum
}

// TestACopiedLauncherIsNotTrusted stages issue 27's fourth attack: a copy
// of a listed launcher script, beside a file it sources relative to its
// own place, keeps its name and bytes but not its place, so it runs
// sandboxed and the file beside it cannot write the host's canary.
func TestACopiedLauncherIsNotTrusted(t *testing.T) {
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	exe, err := os.Executable()
	require.NoError(t, err)
	canary := filepath.Join(t.TempDir(), "canary")
	launcher := "#!/bin/sh\n. \"$(dirname \"$0\")/beside.sh\"\n"
	place := func(beside string) Binary {
		dir, err := os.MkdirTemp(testRoot, "launcher-")
		require.NoError(t, err)
		t.Cleanup(func() { _ = os.RemoveAll(dir) })
		path := filepath.Join(dir, "swarmhost-scorer-launcher")
		require.NoError(t, os.WriteFile(path, []byte(launcher), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "beside.sh"), []byte(beside), 0o644))
		return Binary{Kind: "scorer", Name: "launcher", Path: path, SHA256: mustSHA(t, path)}
	}
	listed := place("exit 3\n")
	copied := place("echo pwned > " + canary + "\n")
	require.Equal(t, listed.SHA256, copied.SHA256)
	require.NoError(t, WriteManifest(filepath.Dir(exe), []string{listed.Path}))
	t.Cleanup(func() { _ = os.Remove(filepath.Join(filepath.Dir(exe), ManifestName)) })

	linked := Binary{Path: filepath.Join(t.TempDir(), "swarmhost-scorer-launcher"), SHA256: listed.SHA256}
	require.NoError(t, os.Symlink(listed.Path, linked.Path))
	viaDirLink := filepath.Join(t.TempDir(), "dir")
	require.NoError(t, os.Symlink(filepath.Dir(listed.Path), viaDirLink))
	tests := map[string]struct {
		b    Binary
		want string
	}{
		"where it was listed":                     {b: listed, want: Trusted},
		"where it was listed, through a dir link": {b: Binary{Path: filepath.Join(viaDirLink, "swarmhost-scorer-launcher"), SHA256: listed.SHA256}, want: Trusted},
		"a copy elsewhere":                        {b: copied, want: Untrusted},
		"a link to the listed place":              {b: linked, want: Untrusted},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, DefaultTrust(tt.b))
		})
	}

	b := WithDefaultTrust(copied)
	m := newTestManager(t, Options{StartTimeout: 5 * time.Second})
	_, err = m.Start(context.Background(), b)
	require.Error(t, err, "the launcher is no plugin")
	_, err = os.Stat(canary)
	assert.ErrorIs(t, err, os.ErrNotExist, "the file beside the copy ran on the host")
}
