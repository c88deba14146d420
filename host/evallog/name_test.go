package evallog

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestNewID(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 1000 {
		id := NewID()
		if len(id) != 22 || strings.Trim(id, "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") != "" {
			t.Fatalf("id %q: want 22 characters of base57", id)
		}
		if seen[id] {
			t.Fatalf("id %q repeated", id)
		}
		seen[id] = true
	}
}

// isLogFile is Inspect's rule for listing a .json log (log/_file.py: is_log_file).
var isLogFile = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}.*\.json$`)

func TestFileName(t *testing.T) {
	t.Parallel()
	est := time.FixedZone("EST", -5*3600)
	ist := time.FixedZone("IST", 5*3600+1800)
	tests := map[string]struct {
		created  time.Time
		task, id string
		want     string
	}{
		"utc": {time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC), "swarm_demo", "Tk8bQ2xLm4Rz9aBcDeFgHi",
			"2026-01-15T10-00-00+00-00_swarm-demo_Tk8bQ2xLm4Rz9aBcDeFgHi.json"},
		"inspect fixture": {time.Date(2024, 11, 5, 13, 31, 45, 0, est), "input_task", "8zXjbRzCWrL9GXiXo2vus9",
			"2024-11-05T13-31-45-05-00_input-task_8zXjbRzCWrL9GXiXo2vus9.json"},
		"sub-second dropped": {time.Date(2026, 1, 15, 10, 0, 0, 999e6, ist), "t", "id",
			"2026-01-15T10-00-00+05-30_t_id.json"},
		"registry prefix": {time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC), "swarmhost/arith:v2", "x_y",
			"2026-01-15T10-00-00+00-00_arith-v2_x-y.json"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := FileName(tc.created, tc.task, tc.id)
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if !isLogFile.MatchString(got) {
				t.Errorf("%q would not be listed by Inspect", got)
			}
			if parts := strings.Split(strings.TrimSuffix(got, ".json"), "_"); len(parts) != 3 {
				t.Errorf("%q does not split into created_task_id", got)
			}
		})
	}
}

func TestTimeFormat(t *testing.T) {
	t.Parallel()
	est := time.FixedZone("", -4*3600)
	tests := map[string]struct {
		in   time.Time
		want string
	}{
		"utc seconds":  {time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC), "2026-01-15T10:00:00+00:00"},
		"microseconds": {time.Date(2026, 1, 15, 10, 0, 0, 100000e3, time.UTC), "2026-01-15T10:00:00.100000+00:00"},
		"nanos cut":    {time.Date(2026, 1, 15, 10, 0, 0, 999, time.UTC), "2026-01-15T10:00:00+00:00"},
		"offset":       {time.Date(2025, 7, 5, 9, 59, 40, 965459e3, est), "2025-07-05T09:59:40.965459-04:00"},
		"zero":         {time.Time{}, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := TimeOf(tc.in).String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTimeParse(t *testing.T) {
	t.Parallel()
	want := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	tests := map[string]string{
		"offset":    `"2026-01-15T10:00:00+00:00"`,
		"z":         `"2026-01-15T10:00:00Z"`,
		"no offset": `"2026-01-15T10:00:00"`,
		"other tz":  `"2026-01-15T05:00:00-05:00"`,
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got Time
			if err := got.UnmarshalJSON([]byte(in)); err != nil {
				t.Fatal(err)
			}
			if !got.Equal(want) {
				t.Errorf("got %v, want %v", got.Time, want)
			}
		})
	}
}
