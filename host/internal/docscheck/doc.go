// Package docscheck holds the documentation's test (`make test`, `make
// test-short`): every `SPEC §N` cited in the repository names a section of
// docs/design/spec.md; every relative link and anchor of README.md, the
// other top-level pages and docs/ resolves; every fenced block says its
// language, and every ```hcl block parses; README.md stays a landing page;
// and the generated reference pages are what `make docs` writes.
//
// The hcl blocks are also validated against the real plugins, as suites,
// by host/cli's TestReadmeHCLExamples.
package docscheck
