// Package logconv converts the runtime's values (messages, outputs, usage,
// scores, model and tool calls) to the eval log's shapes (host/evallog), and
// a logged score back for resuming. host/eval assembles the sample's
// transcript from them.
package logconv
