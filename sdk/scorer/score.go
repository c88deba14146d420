package scorer

import "math"

// Inspect's score value constants.
const (
	Correct   = "C"
	Incorrect = "I"
	Partial   = "P"
	NoAnswer  = "N"
)

// Score is a scorer's verdict on one sample (Inspect's Score).
type Score struct {
	// Value is a string ("C", "I", "P", "N" or any text), a float64, an int,
	// a bool, a []any of scalars or a map[string]any of scalars. NaN marks an
	// unscored sample.
	Value any
	// Answer is the part of the output the scorer extracted, or nil when it
	// extracted none (Inspect's None; the log writes null). A pointer to ""
	// is an empty answer, written "". Text makes the pointer.
	Answer *string
	// Explanation says why; often the completion itself.
	Explanation string
	// Metadata is free-form data the scorer reports (e.g. "passed").
	Metadata map[string]any
}

// Unscored returns a score whose value is NaN.
func Unscored() Score { return Score{Value: math.NaN()} }

// Text returns a pointer to answer, for Score.Answer.
func Text(answer string) *string { return &answer }
