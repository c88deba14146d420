package evallog

import (
	"encoding/json"
	"fmt"
	"os"
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
	var log EvalLog
	if err := json.Unmarshal(toSentinels(data), &log); err != nil {
		if _, cut := repairEnd(data); cut {
			return nil, fmt.Errorf("evallog: %s ends in the middle of a sample: the host is writing it (read "+
				"again), or was killed while writing it (swarmhost run --resume %s repairs it and re-runs what "+
				"is missing)", path, path)
		}
		return nil, fmt.Errorf("evallog: parse %s: %w", path, err)
	}
	if err := checkVersion(log.Version, path); err != nil {
		return nil, err
	}
	return &log, nil
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
	var log rawLog
	if err := json.Unmarshal(toSentinels(data), &log); err != nil {
		fixed, ok := repairEnd(data)
		if !ok {
			return nil, fmt.Errorf("evallog: parse %s: %w", path, err)
		}
		log = rawLog{}
		if err := json.Unmarshal(toSentinels(fixed), &log); err != nil {
			return nil, fmt.Errorf("evallog: parse %s: %w", path, err)
		}
	}
	if err := checkVersion(log.Version, path); err != nil {
		return nil, err
	}
	return &log, nil
}
