package board

import (
	"regexp"
	"strings"
)

// Root is the board's root directory: every path is under it.
const Root = "/shared_memory"

// Path grammar of the board: Root, then 1 to maxComponents parts of 1
// to 64 characters from [A-Za-z0-9._-], none "." or "..", at most
// maxPathBytes bytes in all. No quote, angle bracket, space or newline can
// occur, so a path is written as it is in a fence attribute.
const (
	maxComponents = 8
	maxPathBytes  = 160
	// listedIDs is how many file ids a status line, notice or wait result
	// names before "and N more".
	listedIDs = 10
)

var (
	componentRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
	fileIDRE    = regexp.MustCompile(`^f-[1-9][0-9]{0,13}$`)
	// boardMarkers are the opening and closing tags of every fence a swarm
	// channel uses, in any case: board text holding one is refused.
	boardMarkers = regexp.MustCompile(`(?i)</?(peer_message|peer_file|peer_listing)`)
)

// pathRule says what a valid board path is.
var pathRule = "a path is " + Root + " then 1 to 8 parts joined by /, each 1 to 64 characters " +
	"from A-Z a-z 0-9 . _ - (but not . or ..), 160 bytes at most"

// markerRule says why board text with a fence tag is refused.
const markerRule = "Board files may not hold a <peer_message, <peer_file or <peer_listing tag " +
	"(opening or closing, in any letter case)."

// isFileID reports whether s is a file id such as f-3.
func isFileID(s string) bool { return fileIDRE.MatchString(s) }

// isBoardPath reports whether p is a path under Root (not the root).
func isBoardPath(p string) bool {
	rest, ok := strings.CutPrefix(p, Root+"/")
	if !ok || len(p) > maxPathBytes {
		return false
	}
	parts := strings.Split(rest, "/")
	if len(parts) > maxComponents {
		return false
	}
	for _, part := range parts {
		if !componentRE.MatchString(part) || part == "." || part == ".." {
			return false
		}
	}
	return true
}

// checkPath checks p against the grammar; the root itself is allowed. The
// error does not repeat the path.
func checkPath(p string) error {
	if p != Root && !isBoardPath(p) {
		return toolErr("Invalid path: %s.", pathRule)
	}
	return nil
}

// composed normalises a write's result as the memory tool does (CRLF and
// CR become LF, over the whole file) and refuses fence markers, which a
// str_replace could assemble from old and new text.
func composed(s string) (string, error) {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	if boardMarkers.MatchString(s) {
		return "", toolErr("%s", markerRule)
	}
	return s, nil
}
