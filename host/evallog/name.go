package evallog

import (
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/internal/shortid"
)

// NewID returns a random 22-character id in shortuuid's base57 alphabet, the form Inspect uses
// for eval_id, run_id, task_id, sample and event uuids and message ids (see shortid.New).
func NewID() string { return shortid.New() }

// FileName returns the file name Inspect gives a .json log:
// "<created>_<task>_<id>.json", where created is the isoformat timestamp (seconds precision,
// explicit offset) with ':' replaced by '-', e.g.
// 2026-01-15T10-00-00+00-00_swarm-demo_Tk8bQ2xLm4Rz9aBcDeFgHi.json.
// As in Inspect, a registry prefix ("pkg/task") is dropped from the task, and '_', '/' and ':'
// become '-' in every part, so the three parts can be split on '_' again. Inspect's listing
// (inspect view, list_eval_logs, samples_df) only accepts a .json log whose name starts with
// such a timestamp.
func FileName(created time.Time, task, id string) string {
	if i := strings.LastIndex(task, "/"); i >= 0 {
		task = task[i+1:]
	}
	stamp := Time{created.Truncate(time.Second)}.String()
	return cleanNamePart(stamp) + "_" + cleanNamePart(task) + "_" + cleanNamePart(id) + ".json"
}

// cleanNamePart applies Inspect's filename cleaning to one part of a log name.
func cleanNamePart(s string) string {
	return strings.NewReplacer("_", "-", "/", "-", ":", "-").Replace(s)
}
