// Package agenttools is the sandbox tools the host gives members (bash,
// python, read_file, write_file, exec): each runs in the member's own
// sandbox or the sample's shared one, and may reach the sandboxes a member
// is allowed to see through a sandbox argument. The channels' tools are
// the channels' own (host/channels); host/eval puts both together per
// member.
package agenttools
