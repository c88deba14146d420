package isolate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/swarmhost/swarmhost/host/internal/regular"
)

// DigestMismatchError is a program whose bytes, read when it was about to
// run, do not have the expected SHA-256. Nothing was run.
type DigestMismatchError struct {
	Path             string
	Expected, Actual string
}

// Error names the file and both digests.
func (e *DigestMismatchError) Error() string {
	return fmt.Sprintf("the sha256 of %s was %s when it was about to run, but %s was expected "+
		"(the file changed after it was checked)", e.Path, e.Actual, e.Expected)
}

// VerifiedCopy copies the file at src into a fresh directory of the run
// directory that only the host can write, hashes the copy (not src) and
// returns its path when the digest is want (lowercase hex); otherwise it
// removes the copy and returns a [*DigestMismatchError]. The copy keeps
// src's base name and is readable and executable by everyone, so a
// sandbox can run it ([Spec.ProgramSource]); whatever happens to src
// afterwards, the copy's bytes are the ones hashed. remove deletes it.
func VerifiedCopy(src, want string) (path string, remove func(), err error) {
	dir, err := newRunDir("exe-")
	if err != nil {
		return "", nil, err
	}
	remove = func() { _ = os.RemoveAll(dir) }
	path = filepath.Join(dir, filepath.Base(src))
	sum, err := copyFile(src, path)
	if err != nil {
		remove()
		return "", nil, fmt.Errorf("isolate: copy %s: %w", src, err)
	}
	if sum != want {
		remove()
		return "", nil, &DigestMismatchError{Path: src, Expected: want, Actual: sum}
	}
	return path, remove, nil
}

// copyFile copies src to a new file dst (mode 0555, never an existing
// file) and returns the SHA-256 of what dst holds, read back from dst.
func copyFile(src, dst string) (string, error) {
	in, err := regular.Open(src) // never blocks on a FIFO planted under the plugin's name

	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o555)
	if err != nil {
		return "", err
	}
	defer out.Close()
	if _, err := io.Copy(out, in); err != nil {
		return "", err
	}
	if _, err := out.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	h := sha256.New()
	if _, err := io.Copy(h, out); err != nil {
		return "", err
	}
	if err := out.Chmod(0o555); err != nil { // the umask may have masked bits
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), out.Close()
}
