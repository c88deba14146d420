package engine

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"
)

// DefaultWorkdir is a container's working directory unless its compose
// service or image sets one: where files land and commands run.
const DefaultWorkdir = "/workspace"

// Timeout bounds one engine call that has no context of its own
// deadline (removal at the end of a sample, the sweep).
const Timeout = 30 * time.Second

// ProjectName is the prefix of a sample's container and volume names:
// short, unique per run × sample × epoch, and valid in both.
func ProjectName(run, sample string, epoch int) string {
	sum := sha256.Sum256([]byte(run + "\x00" + sample + "\x00" + strconv.Itoa(epoch)))
	return "swarmhost-" + hex.EncodeToString(sum[:5])
}

// RandomID is 12 random hex digits.
func RandomID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
