package enginetest

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

// missingRecord is an TB that records how Missing ended the test.
type missingRecord struct{ fatal, skip string }

func (r *missingRecord) Helper()                           {}
func (r *missingRecord) Fatalf(format string, args ...any) { r.fatal = format }
func (r *missingRecord) Skipf(format string, args ...any)  { r.skip = format }

// TestEngineMissing: a missing engine fails the test under CI or when its variable is set,
// and skips it otherwise.
func TestEngineMissing(t *testing.T) {
	cases := map[string]struct {
		ci, expect string
		fails      bool
	}{
		"CI=true":                     {ci: "true", fails: true},
		"SWARMHOST_EXPECT_DOCKER set": {expect: "1", fails: true},
		"neither":                     {},
		"CI=false":                    {ci: "false"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Setenv("CI", tc.ci)
			t.Setenv("SWARMHOST_EXPECT_DOCKER", tc.expect)
			var r missingRecord
			Missing(&r, Expect("SWARMHOST_EXPECT_DOCKER"), "an engine", "scripts/containers.sh start", os.ErrNotExist)
			assert.Equal(t, tc.fails, r.fatal != "", "failed")
			assert.Equal(t, !tc.fails, r.skip != "", "skipped")
		})
	}
}
