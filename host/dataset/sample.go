package dataset

import "github.com/swarmhost/swarmhost/sdk/model"

// Sample is one dataset row, shaped like Inspect's Sample. host/eval builds a
// sample's input and target from it and hands Files and Setup to host/sandbox.
type Sample struct {
	// ID is a string or an int, as the dataset gave it (or as generated).
	ID any
	// Input is the input text. When the input is a list of chat messages it
	// holds the text of the last user message — Inspect's input_text — or,
	// when there is no user message, every message's text joined by blank
	// lines.
	Input string
	// InputMessages is the input when the dataset gave chat messages; nil for
	// a plain string input.
	InputMessages []model.Message
	// Target holds the target strings; a string target is a one-element list.
	Target []string
	// TargetIsList records that the dataset wrote the target as a list, so
	// the log can write it back in the same shape.
	TargetIsList bool
	// Choices are the multiple-choice options, nil when absent.
	Choices []string
	// Metadata is the sample's metadata, nil when absent. JSON numbers are
	// int when whole and float64 otherwise.
	Metadata map[string]any
	// Files maps a sandbox path to its content, a source path (relative to
	// the dataset's directory) or a data: URL, as Inspect.
	Files map[string]string
	// Setup is a shell script run in each sandbox after Files are written.
	Setup string
	// Sandbox is the sample's own sandbox (rows from a task plugin only;
	// dataset files never set it); nil uses the task's.
	Sandbox *SampleSandbox
	// Line is the 1-based line (JSON, JSON Lines), row start line (CSV) or
	// row number (inline) the sample came from, for diagnostics.
	Line int
}

// FieldMap renames Inspect's sample fields to the keys (JSON) or columns
// (CSV) a dataset uses. An empty entry keeps Inspect's own name.
type FieldMap struct {
	Input, Target, ID, Choices, Files, Setup string
	// Metadata lists the keys or columns gathered into the sample's
	// metadata. Empty means the row's own "metadata" key, if any.
	Metadata []string
}

// Options say how to read a dataset; the zero value reads every row in file
// order with Inspect's field names.
type Options struct {
	// Format is "json", "jsonl" or "csv"; "" picks it from the extension
	// (.json, .jsonl or .ndjson, .csv).
	Format string
	// Fields renames the sample fields.
	Fields FieldMap
	// AutoID numbers the samples 1…n in file order, replacing their own ids
	// (Inspect's auto_id). Without it, a row that has no id gets its 1-based
	// position in the file, so ids stay stable under shuffle and limit; a
	// generated id that equals another row's id is a duplicate-id error.
	AutoID bool
	// Shuffle shuffles the samples with a generator seeded from Seed, so the
	// same seed always gives the same order. Seed 0 is a seed like any
	// other: the caller picks (and records) a random one if it wants one.
	Shuffle bool
	Seed    int64
	// Limit keeps the first Limit samples after shuffling; 0 or less keeps
	// all.
	Limit int
}

// Formats Read understands.
const (
	FormatJSON  = "json"
	FormatJSONL = "jsonl"
	FormatCSV   = "csv"
)
