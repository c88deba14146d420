// Package tokenmeter reads token limits as Inspect writes them: a number,
// or a string "[<type>:]<number>[k|m|b]" whose type says which tokens are
// metered ("all", "output", or an arithmetic formula over input and
// output), as inspect_ai's parse_token_limit() does, and evaluates such a
// formula on a usage.
package tokenmeter

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Metering keywords of a parsed limit. A metering that is neither is a
// formula (see Formula).
const (
	// All meters every token (Inspect's "all"): the provider's total.
	All = "all"
	// Output meters output tokens only.
	Output = "output"
)

var countRE = regexp.MustCompile(`(?i)^\s*(\d+(?:\.\d+)?)\s*([kmb]?)\s*$`)

var units = map[string]float64{"k": 1e3, "m": 1e6, "b": 1e9}

// Parse reads a token limit string as Inspect's parse_token_limit does:
// "500000", "500k", "1m", "output:1m" or "(input*0.1)+output:1m"; the
// suffixes are decimal and the result must be a whole number of tokens. It
// returns the count and the metering: All, Output, or the formula (which
// Parse has validated).
func Parse(s string) (int64, string, error) {
	typ, count := All, s
	if i := strings.LastIndex(s, ":"); i >= 0 {
		typ, count = strings.TrimSpace(s[:i]), s[i+1:]
	}
	m := countRE.FindStringSubmatch(count)
	if m == nil {
		return 0, "", fmt.Errorf("token limit: expected [<type>:]<number>[k|m|b], got %q", s)
	}
	f, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, "", fmt.Errorf("token limit: %q: %w", s, err)
	}
	if u := strings.ToLower(m[2]); u != "" {
		f *= units[u]
	}
	if f != math.Trunc(f) || f > math.MaxInt64/2 {
		return 0, "", fmt.Errorf("token limit: must resolve to a whole number of tokens, got %q", s)
	}
	switch strings.ToLower(typ) {
	case All:
		return int64(f), All, nil
	case Output:
		return int64(f), Output, nil
	}
	if err := Validate(typ); err != nil {
		return 0, "", err
	}
	return int64(f), typ, nil
}

// String writes a limit of n tokens under metering as Inspect writes it in
// a Budget's tokens: n alone for All, "<metering>:n" otherwise.
func String(n int64, metering string) string {
	if metering == All || metering == "" {
		return strconv.FormatInt(n, 10)
	}
	return metering + ":" + strconv.FormatInt(n, 10)
}

// Validate checks a metering formula as Inspect does: + - * /, unary + and
// -, parentheses, finite numeric literals and the variables input and
// output.
func Validate(formula string) error {
	_, err := parse(formula)
	return err
}

func parse(formula string) (ast.Expr, error) {
	e, err := parser.ParseExpr(formula)
	if err != nil {
		return nil, fmt.Errorf("token limit: invalid formula %q: %w", formula, err)
	}
	var check func(ast.Expr) error
	check = func(n ast.Expr) error {
		switch n := n.(type) {
		case *ast.ParenExpr:
			return check(n.X)
		case *ast.BinaryExpr:
			switch n.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO:
			default:
				return fmt.Errorf("token limit: unsupported expression in formula %q", formula)
			}
			if err := check(n.X); err != nil {
				return err
			}
			return check(n.Y)
		case *ast.UnaryExpr:
			if n.Op != token.ADD && n.Op != token.SUB {
				return fmt.Errorf("token limit: unsupported expression in formula %q", formula)
			}
			return check(n.X)
		case *ast.BasicLit:
			if n.Kind != token.INT && n.Kind != token.FLOAT {
				return fmt.Errorf("token limit: unsupported expression in formula %q", formula)
			}
			if _, err := strconv.ParseFloat(n.Value, 64); err != nil {
				return fmt.Errorf("token limit: non-finite constant %s in formula %q", n.Value, formula)
			}
			return nil
		case *ast.Ident:
			if n.Name != "input" && n.Name != "output" {
				return fmt.Errorf("token limit: unknown variable %q in formula %q (allowed: input, output)", n.Name, formula)
			}
			return nil
		}
		return fmt.Errorf("token limit: unsupported expression in formula %q", formula)
	}
	if err := check(e); err != nil {
		return nil, err
	}
	return e, nil
}

// errDivZero is a division by zero while evaluating a formula.
var errDivZero = errors.New("division by zero")

// Formula evaluates a metering formula (one Validate accepts) with input
// (the prompt's tokens, cache reads and writes included) and output, and
// floors the result, as Inspect does. A formula that divides by zero or
// gives a value that is not finite counts 0.
func Formula(formula string, input, output int64) int64 {
	e, err := parse(formula)
	if err != nil {
		return 0
	}
	vars := map[string]float64{"input": float64(input), "output": float64(output)}
	var eval func(ast.Expr) (float64, error)
	eval = func(n ast.Expr) (float64, error) {
		switch n := n.(type) {
		case *ast.ParenExpr:
			return eval(n.X)
		case *ast.UnaryExpr:
			x, err := eval(n.X)
			if n.Op == token.SUB {
				x = -x
			}
			return x, err
		case *ast.BasicLit:
			return strconv.ParseFloat(n.Value, 64)
		case *ast.Ident:
			return vars[n.Name], nil
		case *ast.BinaryExpr:
			x, err := eval(n.X)
			if err != nil {
				return 0, err
			}
			y, err := eval(n.Y)
			if err != nil {
				return 0, err
			}
			switch n.Op {
			case token.ADD:
				return x + y, nil
			case token.SUB:
				return x - y, nil
			case token.MUL:
				return x * y, nil
			}
			if y == 0 {
				return 0, errDivZero
			}
			return x / y, nil
		}
		return 0, fmt.Errorf("unsupported expression")
	}
	v, err := eval(e)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return int64(math.Floor(v))
}
