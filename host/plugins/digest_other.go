//go:build !linux

package plugins

import (
	"os"
	"time"
)

// fileID: digests are not remembered here.
type fileID struct{}

// identify remembers nothing on this system.
func identify(*os.File, time.Time) (fileID, bool) { return fileID{}, false }

// recordedDigest: no digest is recorded across runs here.
func recordedDigest(string, fileID) (string, bool) { return "", false }

// recordDigest records nothing here.
func recordDigest(string, fileID, string) {}
