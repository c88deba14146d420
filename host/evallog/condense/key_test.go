package condense

import (
	"strings"
	"testing"
)

// TestAttachmentKey checks the keys against inspect_ai's mm3_hash (values printed by
// inspect_ai 0.3.285's inspect_ai._util.hash.mm3_hash for the same texts).
func TestAttachmentKey(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "00000000000000000000000000000000"},
		{"one byte", "a", "85555565f6597889e6b53a48510e895a"},
		{"short", "hello world", "533f6046eb7f610eab97467d60eb63b1"},
		{"15 bytes", strings.Repeat("x", 15), "1cfd62bac822c29a381530a121efa404"},
		{"one block", strings.Repeat("x", 16), "68ccbbacd92543dd6d7d20e2c261c3b0"},
		{"block and a byte", strings.Repeat("x", 17), "e29865cea229de939c4fbd9aef38356b"},
		{"a prompt", "What is 2+2? " + strings.Repeat("x", 120), "a985fd5965b139399a3b52e7b38431af"},
		{"non-ascii", strings.Repeat("héllo wörld ünïcode ✓ 💡", 5), "e713998389f94f29418b069ea3b0a857"},
		{"long", strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 4), "f793375964482040f94f09e1639db075"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Key(tc.text); got != tc.want {
				t.Errorf("Key = %s, want %s", got, tc.want)
			}
		})
	}
}
