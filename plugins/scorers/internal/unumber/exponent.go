package unumber

import (
	"strconv"
	"strings"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/pytext"
)

// splitSuperscriptExponent splits a trailing superscript exponent ("³",
// "⁻²") off s, ignoring trailing whitespace and group separators. A string
// that is only an exponent ("²") keeps it as its base.
func splitSuperscriptExponent(s string) (base string, exp int, ok bool, err error) {
	rs := []rune(s)
	end := len(rs) - 1
	for end >= 0 && (pytext.IsSpace(rs[end]) || groupSeparators[rs[end]]) {
		end--
	}
	j := end
	for j >= 0 && superscriptDigits[rs[j]] != 0 {
		j--
	}
	start := j + 1
	if end < 0 || start > end {
		return pytext.Strip(s), 0, false, nil
	}
	if j >= 0 && superscriptSigns[rs[j]] != 0 {
		start = j
	}
	base = strings.TrimRightFunc(string(rs[:start]), pytext.IsSpace)
	if base == "" {
		return pytext.Strip(s), 0, false, nil
	}
	var ascii strings.Builder
	for _, r := range rs[start : end+1] {
		if d := superscriptDigits[r]; d != 0 {
			ascii.WriteRune(d)
		} else {
			ascii.WriteRune(superscriptSigns[r])
		}
	}
	exp, convErr := strconv.Atoi(ascii.String())
	if convErr != nil {
		return "", 0, false, notNumber(s)
	}
	return base, exp, true, nil
}

// fractionValue is the value of a vulgar-fraction-like rune (0 < v < 1).
func fractionValue(r rune) (float64, bool) {
	v, ok := pytext.Numeric(r)
	return v, ok && v > 0 && v < 1
}

// parseWithOptionalFraction parses a number that may hold one embedded
// vulgar fraction ("2½", "１２½", "十二⅓", "½"); signs are already gone.
func parseWithOptionalFraction(s string) (float64, error) {
	rs := []rune(s)
	idx, frac, hits := -1, 0.0, 0
	for i, r := range rs {
		if v, ok := fractionValue(r); ok {
			idx, frac = i, v
			hits++
		}
	}
	if hits == 0 {
		if v, ok := parseCore(s); ok {
			return v, nil
		}
		return 0, notNumber(s)
	}
	if hits > 1 {
		return 0, notNumber(s)
	}
	for _, r := range pytext.Strip(string(rs[idx+1:])) {
		if !pytext.IsSpace(r) && !groupSeparators[r] {
			return 0, notNumber(s)
		}
	}
	head := pytext.Strip(string(rs[:idx]))
	if head == "" {
		return frac, nil
	}
	v, ok := parseCore(head)
	if !ok {
		return 0, notNumber(s)
	}
	return v + frac, nil
}

// parseCore parses a number without leading signs: Chinese numerals, then
// digits of any script, then a single numeric symbol.
func parseCore(s string) (float64, bool) {
	s = pytext.Strip(s)
	if s == "" {
		return 0, false
	}
	if strings.ContainsFunc(s, isChineseNumeralRune) {
		if v, ok := parseChinese(s); ok {
			return v, true
		}
	}
	if v, ok := parseGenericDigits(s); ok {
		return v, true
	}
	return singleCharNumeric(s)
}
