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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileJSONHeader opens a JSON log as swarmhost writes one.
const hostileJSONHeader = `{"version": 2, "status": "success", "eval": {"task": "t", "dataset": {}, "config": {}}, `

// repeatJoin is n copies of s joined by commas.
func repeatJoin(s string, n int) string {
	return strings.TrimSuffix(strings.Repeat(s+",", n), ",")
}

// TestHostileLogShapesAreRefused: a log whose shape would cost far more
// to decode than its size is refused before it is decoded (issue 27: a
// 3 MiB JSON log of a million empty samples took 1.6 GiB), by Read,
// ReadRepaired and Resume alike, naming the log; deep nesting is refused
// by the decoder. Logs of the same size that a writer could have written
// still read.
func TestHostileLogShapesAreRefused(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		body    string
		wantErr string
	}{
		"200 000 empty samples": {body: hostileJSONHeader + `"samples": [` + repeatJoin("{}", 200_000) + `]}`,
			wantErr: "200000 samples in"},
		"200 000 empty events": {body: hostileJSONHeader + `"samples": [{"id": 1, "epoch": 1, "input": "", "target": "", "events": [` +
			repeatJoin("{}", 200_000) + `]}]}`, wantErr: "objects in arrays"},
		"nesting 100 000 deep": {body: hostileJSONHeader + `"samples": [{"id": 1, "epoch": 1, "input": "", "target": "", "metadata": {"x": ` +
			strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}}]}`, wantErr: "exceeded max depth"},
		"a few samples": {body: hostileJSONHeader + `"samples": [` +
			repeatJoin(`{"id": 1, "epoch": 1, "input": "", "target": "", "events": [{"event": "info"}]}`, 3) + `]}`},
		"12 000 small events of one sample": {body: hostileJSONHeader + `"samples": [{"id": 1, "epoch": 1, "input": "", "target": "", "events": [` +
			repeatJoin(`{"event": "info", "data": "x"}`, 12_000) + `]}]}`},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "2026-01-01T00-00-00+00-00_t_x.json")
			require.NoError(t, os.WriteFile(path, []byte(tt.body), 0o644))
			_, err := Read(path)
			_, _, rerr := ReadRepaired(path)
			if tt.wantErr == "" {
				require.NoError(t, err)
				require.NoError(t, rerr)
				return
			}
			require.ErrorContains(t, err, tt.wantErr)
			require.ErrorContains(t, rerr, tt.wantErr)
			if !strings.Contains(tt.wantErr, "depth") {
				assert.ErrorContains(t, err, path)
			}
		})
	}
}

// rawMember adds a member whose header declares size bytes, with data as
// its (deflated) content: a header is all the bounds check reads.
func rawMember(t *testing.T, zw *zip.Writer, name string, size uint64) {
	t.Helper()
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, UncompressedSize64: size, CompressedSize64: 2})
	require.NoError(t, err)
	_, err = w.Write([]byte{3, 0}) // an empty deflate stream
	require.NoError(t, err)
}

// TestArchiveInflatingTooMuchInAllIsRefused: an .eval whose members each
// stay under the per-member floor but inflate, in all, hundreds of times
// the archive is refused before any member is read (issue 27), by Read and
// by Resume; an archive whose members declare modest sizes is not refused
// for them.
func TestArchiveInflatingTooMuchInAllIsRefused(t *testing.T) {
	t.Parallel()
	header, err := json.Marshal(EvalLog{Version: 2, Status: StatusStarted, Eval: EvalSpec{Task: "t"}})
	require.NoError(t, err)
	write := func(t *testing.T, members int, size uint64) string {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, err := zw.Create(evalStartName)
		require.NoError(t, err)
		_, err = w.Write(header)
		require.NoError(t, err)
		for i := range members {
			rawMember(t, zw, fmt.Sprintf("%s%d_epoch_1.json", evalSamplesDir, i), size)
		}
		require.NoError(t, zw.Close())
		path := filepath.Join(t.TempDir(), "2026-01-01T00-00-00+00-00_t_x.eval")
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
		return path
	}
	bomb := write(t, 10, 15<<20) // 150 MiB from under 2 KiB
	_, err = Read(bomb)
	require.ErrorContains(t, err, "over a compression ratio of 200")
	assert.ErrorContains(t, err, bomb)
	_, err = ResumeLog(bomb)
	require.ErrorContains(t, err, "over a compression ratio of 200")

	_, err = Read(write(t, 10, 0))
	assert.NotContains(t, fmt.Sprint(err), "in all", "modest sizes pass the bound (the members are then read)")
}
