package evallog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// flushWith rewrites the file from the header, the cached samples and the encoded reductions;
// the caller holds w.mu. durable syncs the file and its directory to disk (see writeAtomic).
func (w *Writer) flushWith(reductions []byte, durable bool) error {
	write, err := w.document(reductions)
	if err != nil {
		return err
	}
	return writeAtomic(w.path, durable, write)
}

// document captures the file's current content as a function that writes it; the caller
// holds w.mu, and the function may run after it is released (samples are immutable once
// encoded).
func (w *Writer) document(reductions []byte) (func(io.Writer) error, error) {
	header, err := encodeHeader(w.header)
	if err != nil {
		return nil, err
	}
	parts := make([][]span, len(w.samples))
	for i, s := range w.samples {
		parts[i] = s.parts
	}
	sample := func(f io.Writer, i int) error { return w.spool.copyTo(f, parts[i]) }
	return func(f io.Writer) error { return writeDocument(f, header, len(parts), sample, reductions) }, nil
}

// writeAtomic replaces path with what write produces: it writes a temp file in the same
// directory (a dot-name, which Inspect's log listing ignores) and renames it over path, so
// readers, and a crash of the host at any moment, only ever see a complete file. With durable
// it also fsyncs the file before the rename and the directory after it, so the new file
// survives a power loss too.
func writeAtomic(path string, durable bool, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("evallog: write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("evallog: write %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("evallog: write %s: %w", path, err)
	}
	if durable {
		if err = tmp.Sync(); err != nil {
			return fmt.Errorf("evallog: sync %s: %w", path, err)
		}
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("evallog: write %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("evallog: replace %s: %w", path, err)
	}
	if !durable {
		return nil
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("evallog: sync dir: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("evallog: sync dir %s: %w", dir, err)
	}
	return nil
}
