package board

// CallRequest is one shared_memory tool call's arguments as the member gave
// them; nil when not given.
type CallRequest struct {
	Command                                  string
	Path, FileText, OldStr, NewStr           *string
	InsertText, OldPath, NewPath, AppendText *string
	InsertLine                               *int
	ViewRange                                []int
	// ToolSpan names the tool call in the evidence (its call id).
	ToolSpan string
}

// write turns a write command's arguments into the write, keeping only the
// arguments the command takes (the record's op names those), or refuses a
// missing one.
func (c CallRequest) write() (WriteRequest, error) {
	w := WriteRequest{Command: c.Command, ToolSpan: c.ToolSpan}
	var err error
	switch c.Command {
	case CmdCreate:
		if w.Path, err = required(c.Path, "path", c.Command, false); err == nil {
			w.Payload, err = payload(c.FileText, "file_text", c.Command, true)
		}
	case CmdStrReplace:
		if w.Path, err = required(c.Path, "path", c.Command, false); err == nil {
			w.OldStr, err = required(c.OldStr, "old_str", c.Command, false)
		}
		if c.NewStr != nil {
			w.Payload = *c.NewStr
		}
	case CmdInsert:
		if c.InsertLine == nil {
			return w, toolErr("The insert command needs insert_line.")
		}
		w.InsertLine = c.InsertLine
		if w.Path, err = required(c.Path, "path", c.Command, false); err == nil {
			w.Payload, err = payload(c.InsertText, "insert_text", c.Command, true)
		}
	case CmdAppend:
		if w.Path, err = required(c.Path, "path", c.Command, false); err == nil {
			w.Payload, err = payload(c.AppendText, "append_text", c.Command, false)
		}
	case CmdDelete:
		w.Path, err = required(c.Path, "path", c.Command, false)
	case CmdRename:
		if w.OldPath, err = required(c.OldPath, "old_path", c.Command, false); err == nil {
			w.NewPath, err = required(c.NewPath, "new_path", c.Command, false)
		}
	default:
		return w, toolErr("Unknown command %q: the commands are view, create, str_replace, insert, append, delete and rename.", c.Command)
	}
	return w, err
}

// required refuses an argument the command needs that is missing (or
// empty, unless empty is allowed).
func required(v *string, name, command string, empty bool) (*string, error) {
	if v == nil || (*v == "" && !empty) {
		return nil, toolErr("The %s command needs %s.", command, name)
	}
	return v, nil
}

func payload(v *string, name, command string, empty bool) (string, error) {
	p, err := required(v, name, command, empty)
	if err != nil {
		return "", err
	}
	return *p, nil
}

// Call runs one shared_memory call for member: a view or a write.
func (b *Board) Call(member string, c CallRequest) (string, error) {
	if c.Command == CmdView {
		if c.Path == nil || *c.Path == "" {
			return "", toolErr("The view command needs path.")
		}
		return b.viewIn(member, *c.Path, c.ViewRange, c.ToolSpan)
	}
	b.mu.Lock()
	running, stopping := b.running(member), b.stopping
	b.mu.Unlock()
	if !running || stopping {
		return b.Write(member, WriteRequest{Command: c.Command, ToolSpan: c.ToolSpan})
	}
	w, err := c.write()
	if err != nil {
		return "", err
	}
	return b.Write(member, w)
}
