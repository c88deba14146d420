package dataset

import (
	"fmt"
	"strconv"
	"strings"
)

// idCheck finds duplicate ids among the rows that converted cleanly, one
// row at a time, keeping only the ids.
type idCheck struct {
	file  string
	first map[string]idSeen
	errs  []error
}

// idSeen is the first row seen with an id.
type idSeen struct {
	line      int
	generated bool
}

func newIDCheck(file string) *idCheck { return &idCheck{file: file, first: map[string]idSeen{}} }

// add checks the next clean row's id against those before it.
func (c *idCheck) add(s converted) {
	key := idKey(s.ID)
	first, dup := c.first[key]
	if !dup {
		c.first[key] = idSeen{line: s.Line, generated: s.generated}
		return
	}
	c.errs = append(c.errs, &RowError{File: c.file, Line: s.Line,
		Msg: duplicateMsg(c.file, s.Sample, first.line, s.generated || first.generated)})
}

// duplicateMsg words a duplicate id, with a hint when a generated id is one
// of the pair.
func duplicateMsg(file string, s Sample, firstLine int, generated bool) string {
	where := fmt.Sprintf("line %d", firstLine)
	if file == "" {
		where = fmt.Sprintf("sample %d", firstLine)
	}
	msg := fmt.Sprintf("duplicate id %s (also on %s)", showID(s.ID), where)
	if generated {
		msg += "; rows without an id are numbered by position: give every row an id, or set auto_id"
	}
	return msg
}

// idKey is the id as Inspect compares ids: a string of digits equals the
// int it spells.
func idKey(id any) string {
	switch x := id.(type) {
	case int:
		return strconv.Itoa(x)
	case string:
		if x != "" && strings.Trim(x, "0123456789") == "" {
			if trimmed := strings.TrimLeft(x, "0"); trimmed != "" {
				return trimmed
			}
			return "0"
		}
		return "s:" + x
	}
	return fmt.Sprint(id)
}

// showID writes an id for a message: strings quoted, ints bare.
func showID(id any) string {
	if s, ok := id.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(id)
}
