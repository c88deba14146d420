package evallog

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swarmhost/swarmhost/host/evallog/evallogtest"
)

// inspectDir finds Inspect's reference data; under CI its absence fails the
// test instead of skipping it, so a broken checkout cannot pass silently.
func inspectDir(t *testing.T) string {
	t.Helper()
	dir, err := evallogtest.InspectDir()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	return dir
}

// validateLog validates a log file's bytes against Inspect's EvalLog schema.
func validateLog(t *testing.T, data []byte) {
	t.Helper()
	if err := evallogtest.Validate(data, filepath.Join(inspectDir(t), "inspect-openapi.json")); err != nil {
		t.Fatal(err)
	}
}
