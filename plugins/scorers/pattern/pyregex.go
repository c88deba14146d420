package main

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Python's str-pattern classes, written for RE2. \d is any decimal digit,
// \w any letter, number or underscore, \s what str.isspace accepts.
const (
	pyDigit = `\p{Nd}`
	pyWord  = `\p{L}\p{N}_`
	pySpace = `\t-\r\x{1c}-\x{20}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`
)

// compilePython compiles a Python re pattern for re.search semantics, with
// IGNORECASE when ignoreCase is set. It fails, with a reason a user can act
// on, where RE2 cannot express the pattern (lookarounds, backreferences,
// conditionals, atomic groups, possessive quantifiers, verbose mode).
func compilePython(pattern string, ignoreCase bool) (*regexp.Regexp, error) {
	translated, err := translate(pattern)
	if err != nil {
		return nil, err
	}
	if ignoreCase {
		translated = "(?i)" + translated
	}
	re, err := regexp.Compile(translated)
	if err != nil {
		return nil, fmt.Errorf("the pattern, as Go's RE2 (%q), is refused: %w", translated, err)
	}
	return re, nil
}

// translator rewrites a Python pattern into RE2 syntax.
type translator struct {
	src       string
	pos       int
	out       strings.Builder
	multiline bool
}

// translate rewrites a Python pattern into RE2 syntax: Unicode \d \w \s,
// \Z as \z, \uXXXX, {,n}, and Python's $ (end, or before a final newline).
func translate(pattern string) (string, error) {
	tr := &translator{src: pattern, multiline: hasMultilineFlag(pattern)}
	for tr.pos < len(tr.src) {
		if err := tr.step(); err != nil {
			return "", err
		}
	}
	return tr.out.String(), nil
}

func (tr *translator) next() rune {
	r, size := utf8.DecodeRuneInString(tr.src[tr.pos:])
	tr.pos += size
	return r
}

func (tr *translator) rest() string { return tr.src[tr.pos:] }

// step translates one token outside a character class.
func (tr *translator) step() error {
	switch r := tr.next(); r {
	case '\\':
		return tr.escape(false)
	case '[':
		return tr.class()
	case '(':
		return tr.group()
	case '$':
		if tr.multiline {
			tr.out.WriteByte('$')
		} else {
			tr.out.WriteString(`(?:\n?\z)`)
		}
	case '{':
		tr.brace()
	default:
		tr.out.WriteRune(r)
	}
	return nil
}

// brace rewrites Python's {,n} (zero to n) as {0,n}.
func (tr *translator) brace() {
	tr.out.WriteByte('{')
	if strings.HasPrefix(tr.rest(), ",") {
		if end := strings.IndexByte(tr.rest(), '}'); end > 0 && isDigits(tr.rest()[1:end]) {
			tr.out.WriteByte('0')
		}
	}
}

func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// hasMultilineFlag reports an inline m flag, global or scoped; then $ keeps
// RE2's meaning, which is Python's under MULTILINE.
func hasMultilineFlag(p string) bool {
	for i := strings.Index(p, "(?"); i >= 0; {
		flags := p[i+2:]
		end := strings.IndexAny(flags, ":)")
		if end > 0 && strings.Trim(flags[:end], "aiLmsux-") == "" && strings.Contains(flags[:end], "m") {
			return true
		}
		next := strings.Index(p[i+2:], "(?")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	return false
}
