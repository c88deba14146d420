package plugins

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestDigestCacheAcrossRuns: a digest one run recorded is used by the next
// only for the very same file, unchanged, in the same boot, from a cache
// file that only its owner (root or this user) could have written.
func TestDigestCacheAcrossRuns(t *testing.T) {
	nothing := func(*testing.T, string, string) {}
	tests := map[string]struct {
		change    func(t *testing.T, file, cache string) // between the two runs
		otherBoot bool
		used      bool
	}{
		"unchanged":        {change: nothing, used: true},
		"the next boot":    {change: nothing, otherBoot: true},
		"written in place": {change: writeInPlace},
		"touched back to its old times": {change: func(t *testing.T, file, _ string) {
			info, err := os.Stat(file)
			if err != nil {
				t.Fatal(err)
			}
			writeInPlace(t, file, "")
			if err := os.Chtimes(file, info.ModTime(), info.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		"replaced by rename, same size and times": {change: func(t *testing.T, file, _ string) {
			info, err := os.Stat(file)
			if err != nil {
				t.Fatal(err)
			}
			tmp := file + ".new"
			if err := os.WriteFile(tmp, []byte("FIRST"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(tmp, info.ModTime(), info.ModTime()); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, file); err != nil {
				t.Fatal(err)
			}
		}},
		"an entry for another inode": {change: func(t *testing.T, file, cache string) {
			editCache(t, cache, func(f *digestCacheFile) {
				e := f.Files[file]
				e.Ino++
				f.Files[file] = e
			})
		}},
		"a cache writable by its group": {change: func(t *testing.T, _, cache string) {
			if err := os.Chmod(cache, 0o620); err != nil {
				t.Fatal(err)
			}
		}},
		"a cache owned by another user": {change: func(t *testing.T, _, cache string) {
			if os.Geteuid() != 0 {
				t.Skip("needs root to give the cache to another user")
			}
			if err := os.Chown(cache, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}},
		"a cache that is a link": {change: func(t *testing.T, _, cache string) {
			moved := cache + ".real"
			if err := os.Rename(cache, moved); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(moved, cache); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			file := settledFile(t, "first")
			cache := filepath.Join(t.TempDir(), "swarmhost", digestCacheName)
			first := &digestCache{path: cache, boot: "boot-1"}
			sum, id := hashRecorded(t, first, file)
			tt.change(t, file, cache)

			next := &digestCache{path: cache, boot: "boot-1"}
			if tt.otherBoot {
				next.boot = "boot-2"
			}
			got, used := next.lookup(file, identifyNow(t, file))
			if used != tt.used || used && got != sum {
				t.Fatalf("lookup = %q, %v; want used %v (%s, %+v)", got, used, tt.used, sum, id)
			}
		})
	}
}

// TestDigestCacheRecordsOnlySettledFiles: a file changed less than
// digestSettle before its hash is never recorded, and a recorded one is.
func TestDigestCacheRecordsOnlySettledFiles(t *testing.T) {
	t.Parallel()
	cache := filepath.Join(t.TempDir(), digestCacheName)
	c := &digestCache{path: cache, boot: "boot-1"}
	settled := settledFile(t, "settled")
	fresh := filepath.Join(t.TempDir(), "plugin")
	if err := os.WriteFile(fresh, []byte("fresh"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fresh, settled} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		sum, id, remembered, err := hashOpen(f, p)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if remembered {
			c.record(p, id, sum)
		}
	}
	entries := (&digestCache{path: cache, boot: "boot-1"}).read()
	if _, ok := entries[fresh]; ok {
		t.Errorf("a file written just before its hash was recorded: %+v", entries)
	}
	if _, ok := entries[settled]; !ok {
		t.Errorf("a settled file was not recorded: %+v", entries)
	}
	info, err := os.Stat(cache)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("cache file mode %v (%v), want 0600", info.Mode(), err)
	}
}

// TestResolvedSHA256UsesTheCache: discovery's hash records the digest in
// the host's cache ($XDG_CACHE_HOME, set by TestMain), and a later run finds
// it there, with the digest the file has.
func TestResolvedSHA256UsesTheCache(t *testing.T) {
	t.Parallel()
	file := settledFile(t, "plugin bytes")
	sum, err := resolvedSHA256(file)
	if err != nil {
		t.Fatal(err)
	}
	want, err := FileSHA256(file)
	if err != nil || sum != want {
		t.Fatalf("resolvedSHA256 = %q, FileSHA256 = %q (%v)", sum, want, err)
	}
	next := &digestCache{path: theDigestCache().path, boot: bootID()}
	if got, ok := next.lookup(file, identifyNow(t, file)); !ok || got != sum {
		t.Fatalf("the next run's lookup = %q, %v; want %s from %s", got, ok, sum, next.path)
	}
}

// hashRecorded hashes file as discovery does and records its digest in c.
func hashRecorded(t *testing.T, c *digestCache, file string) (string, fileID) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sum, id, remembered, err := hashOpen(f, file)
	if err != nil || !remembered {
		t.Fatalf("hash %s: remembered %v, %v", file, remembered, err)
	}
	if id.mnt == 0 {
		t.Skip("this kernel reports no unique mount id (statx STATX_MNT_ID_UNIQUE): nothing is cached")
	}
	c.record(file, id, sum)
	if _, err := os.Stat(c.path); err != nil {
		t.Fatalf("nothing recorded: %v", err)
	}
	return sum, id
}

// identifyNow is file's identity as a run would see it now.
func identifyNow(t *testing.T, file string) fileID {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	id, _ := identify(f, time.Now())
	return id
}

// writeInPlace overwrites the file's first byte.
func writeInPlace(t *testing.T, file, _ string) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte("F"), 0); err != nil {
		t.Fatal(err)
	}
}

// editCache rewrites the cache file through edit, keeping its mode.
func editCache(t *testing.T, cache string, edit func(*digestCacheFile)) {
	t.Helper()
	data, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	var f digestCacheFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	edit(&f)
	if data, err = json.Marshal(f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cache, data, 0o600); err != nil {
		t.Fatal(err)
	}
}
