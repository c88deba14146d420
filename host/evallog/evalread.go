package evallog

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Log formats: Inspect's zip format (.eval, its default) and one JSON document (.json).
const (
	FormatEval = "eval"
	FormatJSON = "json"
)

// IsEvalFile reports whether path names an .eval log.
func IsEvalFile(path string) bool { return strings.HasSuffix(path, ".eval") }

// zipMethodZstd is the zip method number of zstandard, which Inspect writes .eval logs with.
const zipMethodZstd = 93

// registerZstd lets archive/zip read zstd members, once.
var registerZstd = sync.OnceFunc(func() {
	zip.RegisterDecompressor(zipMethodZstd, func(r io.Reader) io.ReadCloser {
		d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return io.NopCloser(errReader{err})
		}
		return d.IOReadCloser()
	})
})

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// readEval reads an .eval log, ours or one Inspect wrote (deflate or zstd members): the
// header (header.json, or _journal/start.json while the eval runs, status "started"), every
// sample, sorted as Inspect sorts them, and the reductions.
func readEval(path string) (*EvalLog, error) {
	registerZstd()
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("evallog: read %s: %w (an .eval log being written, or one whose writer "+
			"was killed mid-write: swarmhost run --resume %s repairs it)", path, err, path)
	}
	defer zr.Close()
	r := &zr.Reader
	if info, err := os.Stat(path); err == nil {
		if err := checkArchive(r, info.Size()); err != nil {
			return nil, fmt.Errorf("evallog: read %s: %w", path, err)
		}
	}
	var log EvalLog
	if err := readMember(r, evalHeaderName, &log); err != nil {
		log = EvalLog{}
		if err := readMember(r, evalStartName, &log); err != nil {
			return nil, fmt.Errorf("evallog: read %s: %w", path, err)
		}
		log.Status = StatusStarted
	}
	if err := checkVersion(log.Version, path); err != nil {
		return nil, err
	}
	for _, f := range r.File {
		if !strings.HasPrefix(f.Name, evalSamplesDir) || !strings.HasSuffix(f.Name, ".json") {
			continue
		}
		var s EvalSample
		if err := readMember(r, f.Name, &s); err != nil {
			return nil, fmt.Errorf("evallog: read %s: %w", path, err)
		}
		log.Samples = append(log.Samples, s)
	}
	slices.SortStableFunc(log.Samples, func(a, b EvalSample) int {
		return compareSamples(encodedSample{id: a.ID, epoch: a.Epoch}, encodedSample{id: b.ID, epoch: b.Epoch})
	})
	if _, err := r.Open(evalReductionsName); err == nil {
		if err := readMember(r, evalReductionsName, &log.Reductions); err != nil {
			return nil, fmt.Errorf("evallog: read %s: %w", path, err)
		}
	}
	return &log, nil
}

// LogWriter is what the host writes an eval's log through, in either format: Writer (.json)
// and EvalWriter (.eval).
type LogWriter interface {
	// Path returns the log file's path.
	Path() string
	// Has reports whether the log holds a sample for id and epoch.
	Has(id SampleID, epoch int) bool
	// AddSample writes one finished sample (replacing one with the same id and epoch).
	AddSample(s EvalSample) error
	// Finish writes the final status, results, stats and reductions and closes the log.
	Finish(status string, results *EvalResults, stats EvalStats, reductions []EvalSampleReductions, evalErr *EvalError) error
	// Close releases a log that will not be finished.
	Close() error
}

// CreateLog starts the log of one eval in dir in the given format (FormatEval or FormatJSON;
// "" is FormatEval, Inspect's default).
func CreateLog(dir string, header EvalLog, format string) (LogWriter, error) {
	switch format {
	case FormatEval, "":
		return createEval(dir, header)
	case FormatJSON:
		return Create(dir, header)
	}
	return nil, fmt.Errorf("evallog: log format %q is not eval or json", format)
}

// ResumeLog reopens a log of either format, by its extension (see Resume, resumeEval).
func ResumeLog(path string) (LogWriter, error) {
	if IsEvalFile(path) {
		return resumeEval(path)
	}
	return Resume(path)
}
