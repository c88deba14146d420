// Command swarmhost-scorer-exec serves the exec scorer: Inspect Swarm's
// tests_pass pattern, grading what the members left in their sandboxes.
//
//	scorer "exec" {
//	  command = ["sh", "/tests/run.sh"]
//	  member  = "react-1"   # optional: only this member
//	  sandbox = "comparator" # optional: run there, the member's name last
//	  timeout = "60s"
//	}
//
// For each member in the result record (or only the named one), the command
// runs in a throw-away view of the member's sandbox: its own, or the shared
// sandbox when the record's sandbox is null; with sandbox, in a view of that
// sandbox (the comparator pattern: a service that sees every member's
// answers), the member's name appended as the command's last argument. The score is CORRECT when any
// run exits 0, INCORRECT otherwise; metadata.passed lists the members that
// passed, in roster order (always a list), and the explanation gives each
// member's exit code. A member name that is not in the record scores
// INCORRECT with an explanation (the roster is only known at scoring time).
// An exec call that fails (not a command that fails) is an error and leaves
// the sample unscored for this scorer, as an exception does in Inspect.
package main
