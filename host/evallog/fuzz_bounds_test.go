package evallog

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzScanLog: the shape scanLog counts before a JSON log is decoded
// never undercounts the elements of the top-level object's arrays that
// the decoder would make (an undercount would let a hostile log past the
// bounds; issue 27), and the bound check never panics. Seeded with the
// attacks: a million empty samples, deep nesting, brackets and escapes in
// strings, duplicate keys.
func FuzzScanLog(f *testing.F) {
	for _, s := range []string{
		`{"samples": [` + repeatJoin("{}", 1000) + `]}`,
		`{"samples": []}`, `{"samples": null}`, `[{}, {}]`, ` {"samples" : [ {} , [ ] , "x" ] } `,
		`{"eval": {"x": "[\"],{"}, "samples": [{"input": "]\\"}, {"a": [1, 2]}]}`,
		`{"samples": [{}], "samples": [{}, {}]}`,
		`{"x": ` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`,
		`{"samples": [{"events": [` + repeatJoin(`{"event": "info"}`, 100) + `]}], "reductions": [{"samples": [{}, {}]}]}`,
		`{"s": "\\\\", "t": ["\\"", 1]}`, `{"a": "unterminated [`, `}}]]{"a": [`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sh := scanLog(data)
		_ = checkJSONLog(data, "log.json")
		var top map[string]json.RawMessage
		if json.Unmarshal(data, &top) != nil {
			return
		}
		want := 0
		for _, v := range top {
			var arr []json.RawMessage
			if json.Unmarshal(v, &arr) == nil {
				want += len(arr)
			}
		}
		if sh.samples < want {
			t.Fatalf("scanLog counted %d elements of top-level arrays, the decoder makes %d: %q", sh.samples, want, data)
		}
	})
}

// bombArchive is an .eval whose members declare sizes far past what they
// hold (FuzzReadEval's seed from issue 27's zip bomb).
func bombArchive(members int, size uint64) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create(evalStartName)
	_, _ = w.Write([]byte(`{"version": 2, "status": "started", "eval": {"task": "t"}}`))
	for i := range members {
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: fmt.Sprintf("%s%d_epoch_1.json", evalSamplesDir, i), Method: zip.Deflate,
			UncompressedSize64: size, CompressedSize64: 2})
		_, _ = w.Write([]byte{3, 0})
	}
	_ = zw.Close()
	return buf.Bytes()
}

// evalSeeds are FuzzRead's .eval seeds: a log written here (whole and
// cut), issue 27's zip bomb and an archive inflating too much in all.
func evalSeeds(f *testing.F) [][]byte {
	w, err := CreateLog(f.TempDir(), fixtureHeader(), FormatEval)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range fixtureSamples() {
		if err := w.AddSample(s); err != nil {
			f.Fatal(err)
		}
	}
	if err := w.Finish(StatusSuccess, nil, EvalStats{}, nil, nil); err != nil {
		f.Fatal(err)
	}
	data, err := os.ReadFile(w.Path())
	if err != nil {
		f.Fatal(err)
	}
	return [][]byte{data, data[:len(data)*2/3], bombArchive(1, 1<<40), bombArchive(20, 15<<20)}
}

// readEvalBytes reads data as an .eval archive with Read, ReadRepaired
// and ResumeLog: each returns or errs, never panics, and a zip bomb is
// refused by its headers.
func readEvalBytes(t *testing.T, data []byte) {
	path := filepath.Join(t.TempDir(), "2026-01-01T00-00-00+00-00_t_x.eval")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _ = Read(path)
	_, _, _ = ReadRepaired(path)
	if w, err := ResumeLog(path); err == nil {
		_ = w.Close()
	}
}
