package plugintest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Golden is Inspect AI's own output on a seeded corpus, recorded by
// internal/testdata/inspect_golden.py: the tests of the internal packages
// replay it to check that they agree with Inspect bit for bit.
type Golden struct {
	InspectAI string        `json:"inspect_ai"`
	Match     []GoldenMatch `json:"match"`
	Includes  []GoldenScore `json:"includes"`
	Exact     []GoldenScore `json:"exact"`
	F1        []GoldenScore `json:"f1"`
	Words     []GoldenWord  `json:"words"`
}

// GoldenScore is one scorer call and the Score Inspect returned (a missing
// explanation is ""; a missing answer, Inspect's None, is nil).
type GoldenScore struct {
	Completion  string   `json:"completion"`
	Targets     []string `json:"targets"`
	Value       any      `json:"value"`
	Answer      *string  `json:"answer"`
	Explanation string   `json:"explanation"`
}

// GoldenMatch is a match() call with its arguments.
type GoldenMatch struct {
	GoldenScore
	Location   string `json:"location"`
	IgnoreCase bool   `json:"ignore_case"`
	Numeric    bool   `json:"numeric"`
}

// GoldenWord is one string and what Inspect's helpers (and Python's str
// methods) make of it. Numbers are Python reprs; nil means "not a number".
type GoldenWord struct {
	In                      string  `json:"in"`
	StripNumericPunctuation string  `json:"strip_numeric_punctuation"`
	ParseNumber             *string `json:"parse_number"`
	NormalizeNumber         string  `json:"normalize_number"`
	UnicodeNumber           *string `json:"unicode_number"`
	Normalize               string  `json:"normalize"`
	IsFiniteNumber          bool    `json:"is_finite_number"`
	Lower                   string  `json:"lower"`
	Casefold                string  `json:"casefold"`
}

// LoadGolden reads internal/testdata/inspect-0.3.260.json.
func LoadGolden(t testing.TB) Golden {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "testdata", "inspect-0.3.260.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g Golden
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	return g
}
