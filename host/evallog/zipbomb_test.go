package evallog

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeZip writes an .eval file of the given members (deflated).
func writeZip(t *testing.T, members map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range members {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write([]byte(body))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	path := filepath.Join(t.TempDir(), "2026-01-01T00-00-00+00-00_t_x.eval")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	return path
}

// TestZipBombLogIsRefused: an .eval log whose sample inflates to 48 MiB
// from a few hundred KiB is refused before it is read (issue 27: a 519 KiB
// zip bomb took swarmhost log and --resume to 1.5 GiB); a log of ordinary
// samples still reads.
func TestZipBombLogIsRefused(t *testing.T) {
	header := `{"version": 2, "status": "success", "eval": {"task": "t", "dataset": {}, "config": {}}}`
	bomb := `{"id": "a", "epoch": 1, "input": "` + strings.Repeat("A", 48<<20) + `", "target": ""}`
	tests := map[string]struct {
		members map[string]string
		wantErr string
	}{
		"a zip bomb sample": {
			members: map[string]string{"header.json": header, "samples/a_epoch_1.json": bomb},
			wantErr: "over a compression ratio of 200",
		},
		"an ordinary sample": {
			members: map[string]string{"header.json": header,
				"samples/a_epoch_1.json": `{"id": "a", "epoch": 1, "input": "hi", "target": ""}`},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			l, err := Read(writeZip(t, tt.members))
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				assert.ErrorContains(t, err, "samples/a_epoch_1.json")
				return
			}
			require.NoError(t, err)
			assert.Len(t, l.Samples, 1)
		})
	}
}
