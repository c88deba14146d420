package plugins

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// The digest cache lets discovery skip hashing a plugin binary that an
// earlier run hashed, when it is the same file, unchanged as far as its
// identity shows: device, inode, size, modification and change time, a
// local filesystem, a change time settled before the hash began, the same
// mount (its unique id, which the kernel never reuses within a boot) and
// the same boot. Identity is not proof of content (a write through a
// shared mapping to an already-dirty page moves no time), so a cached
// digest only decides trust and locks: every start hashes the executed
// image again (verifyExec). A write to the
// file, a rename over it, a touch back to its old times, a new file at a
// reused inode or a filesystem mounted again all change that identity; the
// change time, which moves on every change, can be set back only by root.
//
// The cache file is trusted as the trust manifest is ([manifestSafe]): a
// regular file, opened without following a link, that only its owner may
// write and that belongs to root or to the host's user; any other is
// ignored (and replaced on the next write). It lives in the user's cache
// directory ($XDG_CACHE_HOME/swarmhost or ~/.cache/swarmhost), mode 0600;
// $SWARMHOST_DIGEST_CACHE=off turns it off.
const (
	// digestCacheName is the cache's file name in its directory.
	digestCacheName = "plugin-digests.json"
	// digestCacheMax bounds the entries kept (one per plugin path).
	digestCacheMax = 256
	// digestCacheLimit bounds the bytes read of a cache file.
	digestCacheLimit = 1 << 20
)

// digestCache is the digest cache of one file (see above).
type digestCache struct {
	path string // "" is no cache
	boot string // this boot's id; "" is no cache

	mu      sync.Mutex
	loaded  bool
	entries map[string]cachedDigest
}

// cachedDigest is one entry: a file's identity and its digest.
type cachedDigest struct {
	Dev    uint64 `json:"dev"`
	Ino    uint64 `json:"ino"`
	Size   int64  `json:"size"`
	Mtime  int64  `json:"mtime_ns"`
	Ctime  int64  `json:"ctime_ns"`
	Mount  uint64 `json:"mount"`
	SHA256 string `json:"sha256"`
}

// digestCacheFile is the file's content.
type digestCacheFile struct {
	Boot  string                  `json:"boot"`
	Files map[string]cachedDigest `json:"files"`
}

// theDigestCache is the host's digest cache, set up on first use.
var theDigestCache = sync.OnceValue(func() *digestCache {
	if strings.EqualFold(os.Getenv(DigestCacheEnv), "off") {
		return &digestCache{}
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return &digestCache{}
	}
	return &digestCache{path: filepath.Join(dir, "swarmhost", digestCacheName), boot: bootID()}
})

// recordedDigest is the digest an earlier run recorded for the file at
// path with identity id, if any.
func recordedDigest(path string, id fileID) (string, bool) {
	return theDigestCache().lookup(path, id)
}

// recordDigest records sum as the digest of the file at path with identity
// id, for later runs.
func recordDigest(path string, id fileID, sum string) {
	theDigestCache().record(path, id, sum)
}

// bootID is the kernel's id of this boot, or "".
func bootID() string {
	data, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// usable reports whether the cache can hold id: there is a cache, and id
// names its mount uniquely.
func (c *digestCache) usable(id fileID) bool {
	return c.path != "" && c.boot != "" && id.mnt != 0
}

// lookup is the digest recorded for path when its entry has exactly id.
func (c *digestCache) lookup(path string, id fileID) (string, bool) {
	if !c.usable(id) {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.loaded {
		c.entries, c.loaded = c.read(), true
	}
	e, ok := c.entries[path]
	if !ok || e.identity() != id || e.SHA256 == "" {
		return "", false
	}
	return e.SHA256, true
}

// record sets path's entry and rewrites the file (merged with what other
// hosts wrote since it was read). Failures only cost the next run a hash.
func (c *digestCache) record(path string, id fileID, sum string) {
	if !c.usable(id) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	entries := c.read()
	entries[path] = entryOf(id, sum)
	for p := range entries {
		if len(entries) <= digestCacheMax {
			break
		}
		if p != path {
			delete(entries, p)
		}
	}
	c.entries, c.loaded = entries, true
	_ = c.write(entries)
}

// read loads the cache file; a missing, unsafe, unreadable or other boot's
// file is an empty cache.
func (c *digestCache) read() map[string]cachedDigest {
	entries := map[string]cachedDigest{}
	f, err := os.OpenFile(c.path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return entries
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || cacheSafe(info) != "" {
		return entries
	}
	var file digestCacheFile
	if json.NewDecoder(io.LimitReader(f, digestCacheLimit)).Decode(&file) != nil || file.Boot != c.boot {
		return entries
	}
	for p, e := range file.Files {
		entries[p] = e
	}
	return entries
}

// write replaces the cache file with entries, atomically (a new file
// renamed over the old), mode 0600.
func (c *digestCache) write(entries map[string]cachedDigest) error {
	dir := filepath.Dir(c.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	data, err := json.Marshal(digestCacheFile{Boot: c.boot, Files: entries})
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, digestCacheName+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.Write(data)
	if err := errors.Join(werr, tmp.Chmod(0o600), tmp.Close()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), c.path)
}

// cacheSafe says why a cache file is refused, as [manifestSafe] refuses a
// manifest ("" when it is not).
func cacheSafe(info os.FileInfo) string { return notOwnerOnly(info) }

// entryOf is the cache entry of a file with identity id and digest sum.
func entryOf(id fileID, sum string) cachedDigest {
	return cachedDigest{Dev: id.dev, Ino: id.ino, Size: id.size, Mtime: id.mtime, Ctime: id.ctime,
		Mount: id.mnt, SHA256: sum}
}

// identity is the file identity an entry records.
func (e cachedDigest) identity() fileID {
	return fileID{dev: e.Dev, ino: e.Ino, size: e.Size, mtime: e.Mtime, ctime: e.Ctime, mnt: e.Mount}
}
