package evallog

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
)

// Bounds of a log read, past the size and ratio of each .eval member
// (checkMemberSize): a log from elsewhere is untrusted input, and what it
// costs to decode must follow from its size (issue 27). A 3 MiB JSON log of
// a million empty samples took 1.6 GiB to decode (each "{}" became a
// sample), so its shape is counted before it is decoded.
const (
	// MaxLogSamples is the most samples (sample × epoch entries) a log may
	// hold, in either format.
	MaxLogSamples = 1 << 20
	// minSampleBytes is the least a log's samples may take on average, in
	// the file, once they are more than sampleFloor: a sample swarmhost or
	// Inspect writes takes kilobytes (id, epoch, input, target, messages,
	// output, scores, events…).
	minSampleBytes = 256
	sampleFloor    = 10_000
	// minObjectBytes is the least each object in an array (events,
	// messages, content, scores) may take on average once there are more
	// than objectFloor: the smallest Inspect writes, {"event":"info"}, takes 16.
	minObjectBytes = 16
	objectFloor    = 100_000
	// MaxArchiveRatio bounds what an .eval's members may inflate to in all,
	// as a multiple of the archive's size, once past archiveFloor.
	MaxArchiveRatio = MaxMemberRatio
	archiveFloor    = 64 << 20
)

// logShape is what scanLog counts of a JSON log before it is decoded.
type logShape struct {
	// samples are the elements of the arrays of the top-level object
	// (samples, reductions, tags).
	samples int
	// objects are the objects that are elements of any array.
	objects int
}

// scanLog counts a JSON document's shape in one pass without decoding it
// (strings are skipped, nothing is allocated but the nesting stack). On
// malformed input the counts are whatever the bytes gave; the decoder
// refuses such input anyway.
func scanLog(data []byte) logShape {
	var sh logShape
	stack := make([]byte, 0, 16)
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			i = stringEnd(data, i)
		case '{', '[':
			if c == '{' && len(stack) > 0 && stack[len(stack)-1] == '[' {
				sh.objects++
			}
			stack = append(stack, c)
			if c == '[' && len(stack) == 2 && stack[0] == '{' {
				if j := skipSpace(data, i+1); j < len(data) && data[j] != ']' {
					sh.samples++
				}
			}
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if len(stack) == 2 && stack[0] == '{' && stack[1] == '[' {
				sh.samples++
			}
		}
	}
	return sh
}

// stringEnd returns the index of the quote that closes the string opened
// at data[i], or the last index when it is not closed.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); {
		k := bytes.IndexAny(data[j:], `"\`)
		if k < 0 {
			break
		}
		j += k
		if data[j] == '"' {
			return j
		}
		j += 2 // a backslash and the byte it escapes
	}
	return len(data) - 1
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// checkJSONLog refuses a JSON log whose shape would cost far more to
// decode than its size: too many samples, or samples or array objects too
// small on average to be a log's.
func checkJSONLog(data []byte, path string) error {
	sh := scanLog(data)
	n := len(data)
	switch {
	case sh.samples > MaxLogSamples:
		return fmt.Errorf("evallog: %s: %d samples, over the %d a log may hold", path, sh.samples, MaxLogSamples)
	case sh.samples > sampleFloor && sh.samples > n/minSampleBytes:
		return fmt.Errorf("evallog: %s: %d samples in %d bytes (under %d bytes each): not a log swarmhost or Inspect wrote",
			path, sh.samples, n, minSampleBytes)
	case sh.objects > objectFloor && sh.objects > n/minObjectBytes:
		return fmt.Errorf("evallog: %s: %d objects in arrays in %d bytes (under %d bytes each): not a log swarmhost or Inspect wrote",
			path, sh.objects, n, minObjectBytes)
	}
	return nil
}

// checkArchive refuses an .eval log, before any member is read, with more
// sample members than a log may hold, or whose members inflate, in all,
// more than MaxArchiveRatio times the archive's size (past archiveFloor).
func checkArchive(r *zip.Reader, size int64) error {
	var samples int
	var total uint64
	for _, f := range r.File {
		if strings.HasPrefix(f.Name, evalSamplesDir) {
			samples++
		}
		if total += f.UncompressedSize64; total < f.UncompressedSize64 {
			total = ^uint64(0) // saturate: hostile sizes may add past 2^64
		}
	}
	switch {
	case samples > MaxLogSamples:
		return fmt.Errorf("%d sample members, over the %d a log may hold", samples, MaxLogSamples)
	case total > archiveFloor && total > MaxArchiveRatio*uint64(max(size, 1)):
		return fmt.Errorf("its members inflate to %d bytes in all, %d times its %d bytes, over a compression ratio of %d: "+
			"not a log swarmhost or Inspect wrote", total, total/uint64(max(size, 1)), size, MaxArchiveRatio)
	}
	return nil
}
