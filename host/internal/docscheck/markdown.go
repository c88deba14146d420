package docscheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// page is one Markdown file of the repository.
type page struct {
	path  string // relative to the root, slash-separated
	lines []string
}

// readPage reads root/rel.
func readPage(root, rel string) (page, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return page{}, err
	}
	return page{path: rel, lines: strings.Split(string(data), "\n")}, nil
}

// fence is one fenced code block of a page.
type fence struct {
	lang string
	line int // of the first line inside the fence, from 1
	text string
}

// fences returns the page's fenced code blocks (``` fences, indented or not).
func (p page) fences() []fence {
	var out []fence
	var cur *fence
	for i, l := range p.lines {
		t := strings.TrimSpace(l)
		switch {
		case cur == nil && strings.HasPrefix(t, "```"):
			cur = &fence{lang: strings.TrimSpace(strings.TrimPrefix(t, "```")), line: i + 2}
		case cur != nil && t == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += l + "\n"
		}
	}
	if cur != nil {
		out = append(out, fence{lang: "unterminated", line: cur.line})
	}
	return out
}

// prose returns the page's lines outside code fences, with inline code
// blanked out, keyed by line number.
func (p page) prose() map[int]string {
	out := map[int]string{}
	in := false
	for i, l := range p.lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		if !in {
			out[i+1] = inlineCode.ReplaceAllString(l, "``")
		}
	}
	return out
}

var inlineCode = regexp.MustCompile("``[^`]+``|`[^`]+`")

// link is one inline Markdown link.
type link struct {
	line   int
	target string
}

var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// links returns the page's links outside code.
func (p page) links() []link {
	var out []link
	for n, l := range p.prose() {
		for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
			out = append(out, link{line: n, target: m[1]})
		}
	}
	return out
}

var headingRE = regexp.MustCompile(`^#{1,6} +(.*?)\s*#*\s*$`)

// anchors returns the anchors GitHub gives the page's headings: lower case,
// punctuation but '-' and '_' dropped, spaces as '-', a repeated anchor
// numbered -1, -2, …
func (p page) anchors() map[string]bool {
	out := map[string]bool{}
	in := false
	for _, l := range p.lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		m := headingRE.FindStringSubmatch(l)
		if in || m == nil {
			continue
		}
		a := anchor(m[1])
		for i := 1; out[a]; i++ {
			a = anchor(m[1]) + "-" + strconv.Itoa(i)
		}
		out[a] = true
	}
	return out
}

// anchor is GitHub's anchor of one heading's text.
func anchor(heading string) string {
	heading = strings.NewReplacer("`", "", "*", "").Replace(heading)
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && r != '§' && r != '×' && r != '›':
			b.WriteRune(r)
		}
	}
	return b.String()
}
