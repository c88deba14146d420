package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
)

// resumeAuto is `swarmhost run SUITE --resume auto`: each eval continues the log it (and its
// shard) left in --log-dir, if any, as `--resume LOG` would; an eval whose log there is complete
// is not run again; an eval with no log there starts one. Running the same command again after a
// crash — a Kubernetes Job's pod started again, say — so finishes the run without running a
// finished sample twice.
const resumeAuto = "auto"

// runLog is what --resume auto found in the log directory for one eval.
type runLog struct {
	// path is the eval's log, "" when there is none.
	path string
	// complete: the log finished with status success; there is nothing to run.
	complete bool
}

// findRunLog looks in dir for the log of the suite's eval name written by the shard (the zero
// Shard: a whole-eval run). Files that are not logs are skipped (named on warn); two logs of the
// same eval and shard are an error, since which one to continue cannot be told.
func findRunLog(dir, name string, shard eval.Shard, warn io.Writer) (runLog, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return runLog{}, nil
	}
	if err != nil {
		return runLog{}, fmt.Errorf("--resume auto: %w", err)
	}
	var found []runLog
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") || !(strings.HasSuffix(n, ".eval") || strings.HasSuffix(n, ".json")) {
			continue
		}
		path := filepath.Join(dir, n)
		l, _, err := evallog.ReadRepaired(path)
		if err != nil {
			fmt.Fprintf(warn, "swarmhost run --resume auto: skipping %s: %v\n", path, err)
			continue
		}
		if resume.EvalOf(l) != name {
			continue
		}
		if sh, err := eval.ShardOf(l); err != nil || sh != shard {
			continue
		}
		found = append(found, runLog{path: path, complete: l.Status == evallog.StatusSuccess})
	}
	switch len(found) {
	case 0:
		return runLog{}, nil
	case 1:
		return found[0], nil
	}
	paths := make([]string, len(found))
	for i, f := range found {
		paths[i] = f.path
	}
	sort.Strings(paths)
	what := "eval " + name
	if shard != (eval.Shard{}) {
		what += " shard " + shard.String()
	}
	return runLog{}, fmt.Errorf("--resume auto: %s has %d logs in %s (%s): give the one to continue with --resume LOG",
		what, len(found), dir, strings.Join(paths, ", "))
}

// autoResume points the eval's options at the log --resume auto finds for it: a log to continue
// (the log then decides the samples: --limit and --sample-id apply to a new log only), none (a new
// log), or a complete one (skip is true: the eval is not run again).
func autoResume(e env, opts *eval.Options, name string) (skip bool, err error) {
	found, err := findRunLog(opts.LogDir, name, opts.Shard, e.stderr)
	if err != nil {
		return false, err
	}
	switch {
	case found.complete:
		fmt.Fprintf(e.stderr, "swarmhost run: eval %s: %s is complete; not run again\n", name, found.path)
		return true, nil
	case found.path != "":
		fmt.Fprintf(e.stderr, "swarmhost run: eval %s: continuing %s\n", name, found.path)
		opts.Resume, opts.Limit, opts.LimitFrom, opts.SampleIDs = found.path, 0, 0, nil
	default:
		opts.Resume = ""
	}
	return false, nil
}
