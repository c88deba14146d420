package eval

import (
	"fmt"
	"path/filepath"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/sandbox"
)

// datasetDir is where a suite dataset's relative files resolve: its
// file's directory, or the suite's for inline samples (evalRun.dataDir).
func datasetDir(ds *config.Dataset, suiteDir string) string {
	if ds.File != "" {
		return filepath.Dir(ds.File)
	}
	return suiteDir
}

// binaries is what of a Plugins resolves a plugin's binary (the
// catalog), for its trust.
type binaries interface {
	Binary(kind, name string) (plugins.Binary, error)
}

// taskTrusted reports whether the named task plugin runs trusted.
func taskTrusted(p Plugins, name string) bool {
	c, ok := p.(binaries)
	if !ok {
		return false
	}
	b, err := c.Binary(config.KindTask, name)
	return err == nil && b.Trust == plugins.Trusted
}

// fileRoots are the directories a sample's files may be read from: the
// suite's, the dataset file's (or an Inspect task's own), and those the
// dataset block allows (allow_files_outside).
func (r *evalRun) fileRoots() []string {
	suiteDir := ""
	if r.suite != nil {
		suiteDir = r.suite.Dir
	}
	return fileRoots(r.dataDir(), suiteDir, r.task.Dataset)
}

// fileRoots are dataDir, suiteDir (when another) and ds's allowed paths.
func fileRoots(dataDir, suiteDir string, ds *config.Dataset) []string {
	roots := []string{dataDir}
	if suiteDir != "" && suiteDir != dataDir {
		roots = append(roots, suiteDir)
	}
	if ds != nil {
		roots = append(roots, ds.AllowFilesOutside...)
	}
	return roots
}

// filesCheck is the check of one sample's files (checkSampleFiles)
// against roots, relative files resolving in dataDir.
func filesCheck(dataDir string, roots []string) func(pos int, s dataset.Sample) error {
	return func(pos int, s dataset.Sample) error { return checkSampleFiles(pos, s, dataDir, roots) }
}

// checkSampleFiles refuses, before any sample runs, a sample whose files
// name a host file outside roots (issue 27: a dataset's files copied any
// host file, e.g. under /root, into every sandbox), naming the sample by
// position and id, the files key, the path and why.
func checkSampleFiles(pos int, s dataset.Sample, dataDir string, roots []string) error {
	if len(s.Files) == 0 {
		return nil
	}
	if err := sandbox.CheckFileSources(s.Files, dataDir, roots); err != nil {
		return fmt.Errorf("sample %d (id %v): %w", pos+1, s.ID, err)
	}
	return nil
}

// sampleFilesCheck is the run's check of each sample's files as the
// dataset is first read. An Inspect task's samples are its code's: when
// the task plugin runs trusted (unsandboxed) that code reads any file it
// names itself, and the check would only refuse what Inspect runs (files
// its package keeps beside the task), so there is none (nil); a sandboxed
// task plugin's samples are checked.
func (r *evalRun) sampleFilesCheck(p Plugins) func(pos int, s dataset.Sample) error {
	if r.inspect != nil && taskTrusted(p, config.InspectPlugin) {
		return nil
	}
	return filesCheck(r.dataDir(), r.fileRoots())
}
