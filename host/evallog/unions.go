package evallog

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// SampleID is a dataset sample id, which Inspect allows to be a string or an int. The zero
// SampleID (an empty string) is left out of optional fields.
type SampleID struct {
	str   string
	num   int64
	isNum bool
}

// StringID returns a string sample id.
func StringID(s string) SampleID { return SampleID{str: s} }

// IntID returns an integer sample id.
func IntID(n int64) SampleID { return SampleID{num: n, isNum: true} }

// Int returns the id as an int, if it is one.
func (id SampleID) Int() (int64, bool) { return id.num, id.isNum }

// String returns the id as text.
func (id SampleID) String() string {
	if id.isNum {
		return strconv.FormatInt(id.num, 10)
	}
	return id.str
}

// IsZero reports whether the id is unset.
func (id SampleID) IsZero() bool { return !id.isNum && id.str == "" }

// sortKey orders ids the way Inspect sorts samples: strings as they are, ints zero-filled to 20.
func (id SampleID) sortKey() string {
	if id.isNum {
		return fmt.Sprintf("%020d", id.num)
	}
	return id.str
}

// MarshalJSON writes a JSON string or number.
func (id SampleID) MarshalJSON() ([]byte, error) {
	if id.isNum {
		return []byte(strconv.FormatInt(id.num, 10)), nil
	}
	return jsonenc.Marshal(id.str)
}

// UnmarshalJSON reads a JSON string or integer.
func (id *SampleID) UnmarshalJSON(b []byte) error {
	if isJSONString(b) {
		*id = SampleID{}
		return json.Unmarshal(b, &id.str)
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("evallog: sample id %s is neither a string nor an int", b)
	}
	*id = IntID(n)
	return nil
}

// Input is a sample's input: plain text, or chat messages when Messages is non-nil.
type Input struct {
	Text     string
	Messages []ChatMessage
}

// MarshalJSON writes a string, or the message list when Messages is non-nil.
func (in Input) MarshalJSON() ([]byte, error) {
	if in.Messages != nil {
		return jsonenc.Marshal(in.Messages)
	}
	return jsonenc.Marshal(in.Text)
}

// UnmarshalJSON reads a string or a message list.
func (in *Input) UnmarshalJSON(b []byte) error {
	*in = Input{}
	if isJSONString(b) {
		return json.Unmarshal(b, &in.Text)
	}
	in.Messages = []ChatMessage{}
	return json.Unmarshal(b, &in.Messages)
}

// Target is a sample's target: one string, or a list when List is non-nil.
type Target struct {
	Text string
	List []string
}

// MarshalJSON writes a string, or the list when List is non-nil.
func (t Target) MarshalJSON() ([]byte, error) {
	if t.List != nil {
		return jsonenc.Marshal(t.List)
	}
	return jsonenc.Marshal(t.Text)
}

// UnmarshalJSON reads a string or a list of strings.
func (t *Target) UnmarshalJSON(b []byte) error {
	*t = Target{}
	if isJSONString(b) {
		return json.Unmarshal(b, &t.Text)
	}
	t.List = []string{}
	return json.Unmarshal(b, &t.List)
}
