// Package logcompare compares eval logs written by different runs of the same eval: a sharded run
// merged against a single process, a run on a cluster against one on this machine. What differs
// from run to run by nature — ids drawn at random, clock times and durations, the host's paths —
// is blanked; everything else (the plan, every sample's messages, events and scores, the results
// and reductions, token usage) must be equal.
package logcompare

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// volatileKeys are the keys whose values differ between two runs of one eval.
var volatileKeys = map[string]bool{
	"eval_id": true, "run_id": true, "task_id": true, "uuid": true, "created": true,
	"started_at": true, "completed_at": true, "timestamp": true, "working_start": true,
	"total_time": true, "working_time": true, "time": true, "duration": true, "elapsed": true,
	"span_id": true, "parent_id": true, "message_id": true, "event_id": true, "pending": true,
	"first_pass_time": true, "started": true, "ended": true, "completed": true, "at": true, "swarmhost_suite": true,
	"running_time": true, "wall_clock": true,
}

// idPattern matches the random ids the host draws (shortuuid-like base57 strings): the values of
// "id", "*_id" and "event" (a timeline's reference to an event by its id).
var idPattern = regexp.MustCompile(`^[A-Za-z0-9]{22}$`)

// Normalised reads the log at path as generic JSON with the volatile parts blanked. An .eval
// archive is read with evallog and marshalled as the JSON log it holds.
func Normalised(t testing.TB, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err == nil && evallog.IsEvalFile(path) {
		var l *evallog.EvalLog
		if l, err = evallog.Read(path); err == nil {
			data, err = evallog.Marshal(l)
		}
	}
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return NormalisedBytes(t, data)
}

// NormalisedBytes is Normalised for a log's bytes. Condensed samples are compared expanded.
func NormalisedBytes(t testing.TB, data []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(sentinels(data)))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("parse log: %v", err)
	}
	ExpandSamples(v)
	blank(v)
	return v
}

func blank(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if volatileKeys[k] {
				x[k] = "~"
				continue
			}
			if s, ok := val.(string); ok && (k == "id" || k == "event" || strings.HasSuffix(k, "_id")) && idPattern.MatchString(s) {
				x[k] = "~id"
				continue
			}
			blank(val)
		}
	case []any:
		for _, e := range x {
			blank(e)
		}
	}
}

// sentinels turns the bare NaN and Infinity tokens of Inspect logs into strings JSON can read.
func sentinels(data []byte) []byte {
	r := strings.NewReplacer(": NaN", `: "NaN"`, ": Infinity", `: "Infinity"`, ": -Infinity", `: "-Infinity"`)
	return []byte(r.Replace(string(data)))
}
