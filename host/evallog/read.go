package evallog

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Read reads an eval log, .json or .eval, ours or one Inspect wrote. It accepts the bare NaN, Infinity and
// -Infinity tokens: Floats and score Values come back as the non-finite numbers; inside
// free-form maps (metadata, store, event data) such a token comes back as the string "NaN",
// "Inf" or "-Inf". Fields this package does not model are ignored, and events of unmodelled
// types come back as RawEvent. A log with a version this package does not know is an error.
func Read(path string) (*EvalLog, error) {
	if IsEvalFile(path) {
		return readEval(path) // Inspect's zip format (evalread.go)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("evallog: read: %w", err)
	}
	if err := checkJSONLog(data, path); err != nil {
		return nil, err
	}
	var log EvalLog
	if err := json.Unmarshal(jsonenc.ToSentinels(data), &log); err != nil {
		if _, cut := repairEnd(data); cut {
			return nil, &CutError{Path: path}
		}
		return nil, fmt.Errorf("evallog: parse %s: %w", path, err)
	}
	if err := checkVersion(log.Version, path); err != nil {
		return nil, err
	}
	return &log, nil
}

// CutError is a started log whose end was cut off in the middle of a
// sample: the host is writing it, or was killed while appending it.
// [ReadRepaired] and [Resume] read such a log; [Read] refuses it.
type CutError struct {
	// Path is the log.
	Path string
}

// Error says what happened and how to continue.
func (e *CutError) Error() string {
	return fmt.Sprintf("evallog: %s ends in the middle of a sample: the host is writing it (read again), or was "+
		"killed while writing it (swarmhost run --resume %s repairs it and re-runs what is missing)", e.Path, e.Path)
}

// ReadRepaired is [Read] for a log that may be cut off in the middle of a
// sample (see [CutError]): such a log is read up to its last complete
// sample, as [Resume] will continue it, and repaired is true. The file is
// not changed. `swarmhost run --resume` reads with it.
func ReadRepaired(path string) (log *EvalLog, repaired bool, err error) {
	if IsEvalFile(path) {
		return readEvalRepaired(path) // evalrepair.go
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false, fmt.Errorf("evallog: read: %w", err)
	}
	if err := checkJSONLog(data, path); err != nil {
		return nil, false, err
	}
	var l EvalLog
	if err := json.Unmarshal(jsonenc.ToSentinels(data), &l); err != nil {
		fixed, ok := repairEnd(data)
		if !ok {
			return nil, false, fmt.Errorf("evallog: parse %s: %w", path, err)
		}
		l, repaired = EvalLog{}, true
		if err := json.Unmarshal(jsonenc.ToSentinels(fixed), &l); err != nil {
			return nil, false, fmt.Errorf("evallog: parse %s after repairing its cut end: %w", path, err)
		}
	}
	if err := checkVersion(l.Version, path); err != nil {
		return nil, false, err
	}
	return &l, repaired, nil
}

// checkVersion rejects logs of a format version other than 1 or 2.
func checkVersion(v int, path string) error {
	if v < 1 || v > Version {
		return fmt.Errorf("evallog: %s: log version %d is not supported (want 1..%d)", path, v, Version)
	}
	return nil
}

// rawLog is a log whose samples are kept as the bytes they were read as (with sentinels).
type rawLog struct {
	EvalLog
	Samples []json.RawMessage `json:"samples"`
}

// readRaw reads a log keeping each sample's bytes, so that a resumed log rewrites old samples
// exactly as they were, key order and all. A started log whose end an interrupted append cut
// off is read up to its last complete sample (see repairEnd).
func readRaw(path string) (*rawLog, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("evallog: read: %w", err)
	}
	if err := checkJSONLog(data, path); err != nil {
		return nil, err
	}
	var log rawLog
	if err := json.Unmarshal(jsonenc.ToSentinels(data), &log); err != nil {
		fixed, ok := repairEnd(data)
		if !ok {
			return nil, fmt.Errorf("evallog: parse %s: %w", path, err)
		}
		log = rawLog{}
		if err := json.Unmarshal(jsonenc.ToSentinels(fixed), &log); err != nil {
			return nil, fmt.Errorf("evallog: parse %s: %w", path, err)
		}
	}
	if err := checkVersion(log.Version, path); err != nil {
		return nil, err
	}
	return &log, nil
}
