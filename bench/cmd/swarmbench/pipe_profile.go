package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// pipeProfile is the -pipe-profile directory; "" profiles nothing.
type pipeProfile string

// pipeProfileDir makes the -pipe-profile directory, if one is set.
func (e *env) pipeProfileDir() (pipeProfile, error) {
	if e.flags.pipeProfile == "" {
		return "", nil
	}
	dir, err := filepath.Abs(e.flags.pipeProfile)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	return pipeProfile(dir), err
}

// file is a file's path in the directory; "" without one.
func (p pipeProfile) file(name string) string {
	if p == "" {
		return ""
	}
	return filepath.Join(string(p), name)
}

// timeline writes one side's requests in flight per 100 ms as JSON.
func (p pipeProfile) timeline(side string, means []float64) error {
	if p == "" {
		return nil
	}
	b, err := json.Marshal(means)
	if err != nil {
		return err
	}
	name := "timeline-" + strings.ReplaceAll(strings.ToLower(side), " ", "-") + ".json"
	return os.WriteFile(p.file(name), b, 0o644)
}
