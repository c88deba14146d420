package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/internal/regular"
)

// DigestCacheEnv set to "off" makes every run hash every plugin binary it
// resolves, instead of using the digests earlier runs recorded for the
// very same files (Linux only; see digestcache_linux.go).
const DigestCacheEnv = "SWARMHOST_DIGEST_CACHE"

// FileSHA256 returns the lowercase hex SHA-256 of a file, as sha256sum
// prints it. It reads the file every time; it opens it without blocking
// and hashes only a regular file (regular.Open).
func FileSHA256(path string) (string, error) {
	f, err := regular.Open(path)
	if err != nil {
		return "", fmt.Errorf("checksum: %w", err)
	}
	defer f.Close()
	sum, _, _, err := hashOpen(f, path)
	return sum, err
}

// resolvedSHA256 is FileSHA256 for discovery: when an earlier run recorded
// the digest of this very file, unchanged since (the same identity, in the
// same mount and boot: see digestcache_linux.go), that digest is used and
// the file is not read. Every digest it computes of a settled file is
// recorded for the next run. Such a digest serves trust and lock
// decisions only: every start hashes the image the kernel executes
// (verified_linux.go), so a file rewritten without a trace in its identity
// (through a shared mapping, say) is refused when it is started.
func resolvedSHA256(path string) (string, error) {
	f, err := regular.Open(path)
	if err != nil {
		return "", fmt.Errorf("checksum: %w", err)
	}
	defer f.Close()
	if id, ok := identify(f, time.Now()); ok {
		if sum, ok := recordedDigest(path, id); ok {
			return sum, nil
		}
	}
	sum, id, remembered, err := hashOpen(f, path)
	if err == nil && remembered {
		recordDigest(path, id, sum)
	}
	return sum, err
}

// hashOpen hashes the file open at f (from its start) and says whether
// the digest may be recorded for the file's identity (remembered, with
// that identity): the file had settled before the hash and did not change
// during it.
func hashOpen(f *os.File, path string) (sum string, id fileID, remembered bool, err error) {
	started := time.Now()
	before, stable := identify(f, started)
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fileID{}, false, fmt.Errorf("checksum %s: %w", path, err)
	}
	sum = hex.EncodeToString(h.Sum(nil))
	if after, ok := identify(f, started); stable && ok && after == before {
		return sum, before, true, nil
	}
	return sum, fileID{}, false, nil
}

// ChecksumError is a binary whose SHA-256 is not the expected one. Nothing
// is run when it is returned.
type ChecksumError struct {
	Kind, Name, Path string
	// Expected is the pinned (or previously computed) digest, Actual the
	// file's; Actual is "" when go-plugin refused at exec time.
	Expected, Actual string
}

// Error names the plugin, the file and both digests.
func (e *ChecksumError) Error() string {
	actual := e.Actual
	if actual == "" {
		actual = "something else (the file changed after it was checked)"
	}
	return fmt.Sprintf("refusing to run %s plugin %q: the sha256 of %s is %s, but %s was expected "+
		"(rebuild or re-download the plugin, or update the sha256 in its plugin block)",
		e.Kind, e.Name, e.Path, actual, e.Expected)
}

// checkPin compares b's digest with the pin's.
func checkPin(b Binary, pin Pin) error {
	want := strings.ToLower(strings.TrimSpace(pin.SHA256))
	if want == "" || want == b.SHA256 {
		return nil
	}
	return &ChecksumError{Kind: b.Kind, Name: b.Name, Path: b.Path, Expected: want, Actual: b.SHA256}
}

// bytesSHA256 is the lowercase hex SHA-256 of data.
func bytesSHA256(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
