package tokenmeter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParse: the forms inspect_ai's parse_token_limit() reads, and those
// it refuses.
func TestParse(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in       string
		n        int64
		metering string
		err      string
	}{
		"a plain count":             {in: "500000", n: 500000, metering: All},
		"a k suffix":                {in: "500k", n: 500000, metering: All},
		"a decimal with m":          {in: "1.5m", n: 1500000, metering: All},
		"output":                    {in: "output:1000", n: 1000, metering: Output},
		"output in capitals":        {in: "OUTPUT:2k", n: 2000, metering: Output},
		"all said":                  {in: "all:30", n: 30, metering: All},
		"a formula":                 {in: "(input*0.1)+output:1m", n: 1000000, metering: "(input*0.1)+output"},
		"not whole":                 {in: "1.5", err: "whole number"},
		"no number":                 {in: "output:", err: "expected [<type>:]<number>[k|m|b]"},
		"an unknown variable":       {in: "cached+output:10", err: `unknown variable "cached"`},
		"an unsupported expression": {in: "input**2:10", err: "formula"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			n, m, err := Parse(tc.in)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.n, n)
			assert.Equal(t, tc.metering, m)
		})
	}
}

// TestFormula: a formula's value, floored, as Inspect's _TokenMetering
// computes it; a division by zero counts 0.
func TestFormula(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		formula       string
		input, output int64
		want          int64
	}{
		"weighted input":   {"(input*0.1)+output", 25, 3, 5},
		"unary minus":      {"output - -input", 2, 3, 5},
		"division":         {"input/3", 10, 0, 3},
		"division by zero": {"input/(output-output)", 10, 1, 0},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, Formula(tc.formula, tc.input, tc.output))
		})
	}
}

// TestString: a limit written back as Inspect's Budget.tokens holds it.
func TestString(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "30", String(30, All))
	assert.Equal(t, "output:1000", String(1000, Output))
}
