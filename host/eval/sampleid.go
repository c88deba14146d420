package eval

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// sampleIDFilter matches sample ids against --sample-id patterns as
// Inspect's sample_id_filter does: ids and patterns are normalised (a
// string of digits is the number it spells, so "07" selects id 7), then
// matched as fnmatch matches them: `*` any run of characters (`/` too),
// `?` one, `[seq]` one of seq, `[!seq]` one not in it.
type sampleIDFilter []*regexp.Regexp

// newSampleIDFilter compiles the patterns; one with a reversed range
// (`[z-a]`) matches nothing, as in Python.
func newSampleIDFilter(patterns []string) sampleIDFilter {
	out := make(sampleIDFilter, 0, len(patterns))
	for _, p := range patterns {
		p = normaliseSampleID(p)
		re, err := regexp.Compile(fnmatchRegexp(p))
		if err != nil {
			re = regexp.MustCompile(`[^\x00-\x{10FFFF}]`)
		}
		out = append(out, re)
	}
	return out
}

// matches reports whether the sample id id matches any pattern.
func (f sampleIDFilter) matches(id any) bool {
	s := normaliseSampleID(fmt.Sprint(id))
	for _, re := range f {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// normaliseSampleID is Inspect's normalise_sample_id: a number (or a
// string of digits) as 20 zero-padded digits, any other id as it is.
func normaliseSampleID(id string) string {
	if id == "" || strings.Trim(id, "0123456789") != "" {
		return id
	}
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return id
	}
	return fmt.Sprintf("%020d", n)
}

// fnmatchRegexp is Python's fnmatch.translate: the pattern as an anchored
// regular expression.
func fnmatchRegexp(pat string) string {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := classEnd(pat, i+1)
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			b.WriteString(charClass(pat[i+1 : j]))
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`\z`)
	return b.String()
}

// classEnd is the index of the `]` closing a class that starts at i (after
// its `[`), or -1: a leading `!` and then a leading `]` belong to the class.
func classEnd(pat string, i int) int {
	if i < len(pat) && pat[i] == '!' {
		i++
	}
	if i < len(pat) && pat[i] == ']' {
		i++
	}
	if j := strings.IndexByte(pat[i:], ']'); j >= 0 {
		return i + j
	}
	return -1
}

// charClass is the regexp of an fnmatch class's body: `!` negates it.
func charClass(body string) string {
	neg := strings.HasPrefix(body, "!")
	body = strings.TrimPrefix(body, "!")
	body = strings.ReplaceAll(body, `\`, `\\`)
	if neg {
		return "[^" + body + "]"
	}
	if strings.HasPrefix(body, "^") {
		body = `\` + body
	}
	return "[" + body + "]"
}
