package docscheck

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/swarmhost/swarmhost/host/internal/refdocs"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// specPage is the specification code cites as SPEC §N.
const specPage = "docs/design/spec.md"

// maxReadme is the landing page's length in lines.
const maxReadme = 200

// skipDirs are never searched: build output, tools, environments.
var skipDirs = map[string]bool{".git": true, "bin": true, ".tools": true, ".venv": true, ".venv-bench": true,
	".venv-peer": true, "node_modules": true, "logs": true, ".containers": true, "__pycache__": true}

// repoFiles lists the repository's files whose name ends in one of exts,
// relative to the root.
func repoFiles(t *testing.T, root string, exts ...string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDirs[d.Name()] || p != root && strings.HasPrefix(d.Name(), ".") && d.Name() != ".ci" {
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(p, e) {
				rel, _ := filepath.Rel(root, p)
				out = append(out, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// archives are pages kept as they were written (the benchmark narratives):
// their links and blocks are not checked.
const archives = "docs/benchmarks/"

// docPages are the pages whose links and blocks are checked: the top-level
// Markdown files and everything under docs/ but the archives.
func docPages(t *testing.T, root string) []page {
	t.Helper()
	var out []page
	for _, rel := range repoFiles(t, root, ".md") {
		if strings.Contains(rel, "/") && !strings.HasPrefix(rel, "docs/") || strings.HasPrefix(rel, archives) {
			continue
		}
		p, err := readPage(root, rel)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

var specCite = regexp.MustCompile(`SPEC §(\d+)`)

// TestSpecCitationsResolve: every `SPEC §N` in the repository's code,
// scripts and docs names a numbered section of docs/design/spec.md.
func TestSpecCitationsResolve(t *testing.T) {
	t.Parallel()
	root := testplugins.Root()
	spec, err := readPage(root, specPage)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, l := range spec.lines {
		if m := regexp.MustCompile(`^## (\d+)\. `).FindStringSubmatch(l); m != nil {
			sections[m[1]] = true
		}
	}
	if len(sections) < 15 {
		t.Fatalf("%s has %d numbered sections (## N. Title); code cites §1 to §15", specPage, len(sections))
	}
	cited := 0
	for _, rel := range repoFiles(t, root, ".go", ".py", ".proto", ".toml", ".hcl", ".sh", ".md", "Makefile") {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range specCite.FindAllStringSubmatch(line, -1) {
				cited++
				if !sections[m[1]] {
					t.Errorf("%s:%d cites SPEC §%s, which %s does not have", rel, i+1, m[1], specPage)
				}
			}
		}
	}
	if cited < 30 {
		t.Errorf("found %d SPEC citations; the search is broken", cited)
	}
}

// TestLinksResolve: every relative link of the checked pages names a file
// or directory that exists, and every anchor a heading of its page.
func TestLinksResolve(t *testing.T) {
	t.Parallel()
	root := testplugins.Root()
	pages := docPages(t, root)
	anchors := map[string]map[string]bool{}
	for _, p := range pages {
		anchors[p.path] = p.anchors()
	}
	checked := 0
	for _, p := range pages {
		for _, l := range p.links() {
			if strings.Contains(l.target, "://") || strings.HasPrefix(l.target, "mailto:") {
				continue
			}
			checked++
			file, frag, _ := strings.Cut(l.target, "#")
			target := p.path
			if file != "" {
				target = path.Clean(path.Join(path.Dir(p.path), file))
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(target))); err != nil {
					t.Errorf("%s:%d: link %s: %s does not exist", p.path, l.line, l.target, target)
					continue
				}
			}
			if frag == "" {
				continue
			}
			a, ok := anchors[target]
			if !ok {
				tp, err := readPage(root, target)
				if err != nil {
					t.Errorf("%s:%d: link %s: an anchor into %s, which is not a page", p.path, l.line, l.target, target)
					continue
				}
				a = tp.anchors()
				anchors[target] = a
			}
			if !a[frag] {
				t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s (it has %s)", p.path, l.line, l.target,
					target, frag, strings.Join(slices.Sorted(maps.Keys(a)), ", "))
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked %d links; the search is broken", checked)
	}
}

// TestCodeBlocks: every fenced block names its language (so an HCL example
// cannot hide in a plain one) and every ```hcl block parses.
func TestCodeBlocks(t *testing.T) {
	t.Parallel()
	root := testplugins.Root()
	parsed := 0
	for _, p := range docPages(t, root) {
		for _, f := range p.fences() {
			switch f.lang {
			case "":
				t.Errorf("%s:%d: a fenced block without a language (hcl, sh, go, python, json, text, …)", p.path, f.line-1)
			case "unterminated":
				t.Errorf("%s:%d: an unterminated fenced block", p.path, f.line-1)
			case "hcl":
				parsed++
				_, diags := hclsyntax.ParseConfig([]byte(f.text), p.path, hcl.Pos{Line: f.line, Column: 1, Byte: 0})
				if diags.HasErrors() {
					t.Errorf("%s:%d: the hcl block does not parse: %s", p.path, f.line, diags)
				}
			}
		}
	}
	if parsed < 30 {
		t.Errorf("parsed %d hcl blocks; the search is broken", parsed)
	}
}

// TestReadmeIsALandingPage: README.md is at most maxReadme lines, and its
// first lines give the two commands, running the demo and the tests.
func TestReadmeIsALandingPage(t *testing.T) {
	t.Parallel()
	p, err := readPage(testplugins.Root(), "README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.lines); n > maxReadme+1 {
		t.Errorf("README.md is %d lines; a landing page has at most %d: move the rest into docs/", n, maxReadme)
	}
	top := strings.Join(p.lines[:min(15, len(p.lines))], "\n")
	for _, cmd := range []string{"make demo", "make test"} {
		if !strings.Contains(top, cmd) {
			t.Errorf("README.md's first lines do not give %q", cmd)
		}
	}
}

// TestReferenceIsGenerated: the committed reference pages are what `make
// docs` writes from the code (it builds swarmhost and the plugins).
func TestReferenceIsGenerated(t *testing.T) {
	t.Parallel()
	root := testplugins.Root()
	pages, err := refdocs.Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(pages)) {
		have, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(have, pages[name]) {
			t.Errorf("%s is not what the code generates: run `%s` and commit it", name, refdocs.Command)
		}
	}
}
