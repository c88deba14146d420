// Package refdocs generates the reference pages of docs/reference from the
// code, so they cannot drift from it:
//
//   - cli.md from the swarmhost binary's own usage text;
//   - hcl.md from host/config's schema ([config.Reference]) and the model
//     config keys host/model accepts;
//   - plugins.md from `swarmhost plugins schema KIND NAME --json` of every
//     built-in plugin;
//   - differences.md from parity/allowlist.toml and parity/decisions.md.
//
// [Generate] builds swarmhost and the plugins into a temporary directory
// (with the Makefile's reproducible flags) and returns every page.
// host/internal/docgen writes them (`make docs`); host/internal/docscheck
// fails when a committed page differs.
package refdocs
