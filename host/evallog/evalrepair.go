package evallog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// readEvalRepaired is [ReadRepaired] for an .eval log: a complete archive is
// read as it is; one whose directory a killed writer cut off is repaired in a
// private copy (as [ResumeLog] would repair it, keeping every complete sample)
// and read from there, so the file itself is never changed.
func readEvalRepaired(path string) (*EvalLog, bool, error) {
	log, err := readEval(path)
	if err == nil {
		return log, false, nil
	}
	dir, derr := os.MkdirTemp("", "swarmhost-repair-*")
	if derr != nil {
		return nil, false, fmt.Errorf("evallog: repair %s: %w", path, derr)
	}
	defer os.RemoveAll(dir)
	cp := filepath.Join(dir, filepath.Base(path))
	if cerr := copyFile(path, cp); cerr != nil {
		return nil, false, fmt.Errorf("evallog: repair %s: %w", path, cerr)
	}
	w, rerr := resumeEval(cp)
	if rerr != nil {
		return nil, false, fmt.Errorf("evallog: read %s: %w (and it cannot be repaired: %v)", path, err, rerr)
	}
	if cerr := w.Close(); cerr != nil {
		return nil, false, fmt.Errorf("evallog: repair %s: %w", path, cerr)
	}
	log, err = readEval(cp)
	if err != nil {
		return nil, false, fmt.Errorf("evallog: read %s after repairing it: %w", path, err)
	}
	return log, true, nil
}

// copyFile copies src to a new file dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}
