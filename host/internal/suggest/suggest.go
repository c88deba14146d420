// Package suggest finds the name a user probably meant, for the "did you
// mean" of diagnostics about unknown names.
package suggest

import "fmt"

// Closest returns the candidate nearest to name by edit distance, when it
// is near enough to be a typo (at most a third of the name's length, and
// at least 1, edits away); else "". Ties go to the earlier candidate.
func Closest(name string, candidates []string) string {
	best, bestDist := "", max(1, len([]rune(name))/3)+1
	for _, c := range candidates {
		if c == name {
			continue
		}
		if d := distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean is " Did you mean "X"?" for the closest candidate, or "".
func DidYouMean(name string, candidates []string) string {
	if c := Closest(name, candidates); c != "" {
		return fmt.Sprintf(" Did you mean %q?", c)
	}
	return ""
}

// distance is the optimal string alignment distance of a and b over
// runes: insertions, deletions, substitutions and swaps of two adjacent
// letters each cost one edit.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
