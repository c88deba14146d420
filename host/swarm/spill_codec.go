package swarm

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// errUnspillable is a value the spill codec cannot give back exactly (a
// type in a map[string]any it does not know): its event stays in memory.
var errUnspillable = errors.New("value not spillable")

// Tags of the values an any holds (a tool call's arguments, a message's
// metadata, a call's config). Each keeps its Go type, so what is read back
// encodes to the same log bytes as what was recorded.
const (
	tagNil byte = iota
	tagFalse
	tagTrue
	tagString
	tagFloat64
	tagInt
	tagInt64
	tagNumber
	tagList
	tagMap
	tagStrings
	tagFloat32
	tagInt32
)

// enc appends a spill record; its methods never fail but any, which
// reports a value it cannot encode.
type enc struct{ b []byte }

func (e *enc) uint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *enc) int(v int64)   { e.b = binary.AppendVarint(e.b, v) }
func (e *enc) str(s string)  { e.uint(uint64(len(s))); e.b = append(e.b, s...) }
func (e *enc) f64(f float64) { e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(f)) }

// count writes a length that tells nil from empty: 0 is nil, n+1 is n.
func (e *enc) count(n int, isNil bool) {
	if isNil {
		e.uint(0)
		return
	}
	e.uint(uint64(n) + 1)
}

func (e *enc) bytes(b []byte) {
	e.count(len(b), b == nil)
	e.b = append(e.b, b...)
}

// anyMap writes a map[string]any, nil kept apart from empty.
func (e *enc) anyMap(m map[string]any) error {
	e.count(len(m), m == nil)
	for k, v := range m {
		e.str(k)
		if err := e.any(v); err != nil {
			return err
		}
	}
	return nil
}

// any writes one value with its tag.
func (e *enc) any(v any) error {
	switch v := v.(type) {
	case nil:
		e.b = append(e.b, tagNil)
	case bool:
		tag := tagFalse
		if v {
			tag = tagTrue
		}
		e.b = append(e.b, tag)
	case string:
		e.b = append(e.b, tagString)
		e.str(v)
	case float64:
		e.b = append(e.b, tagFloat64)
		e.f64(v)
	case float32:
		e.b = append(e.b, tagFloat32)
		e.f64(float64(v))
	case int:
		e.b = append(e.b, tagInt)
		e.int(int64(v))
	case int64:
		e.b = append(e.b, tagInt64)
		e.int(v)
	case int32:
		e.b = append(e.b, tagInt32)
		e.int(int64(v))
	case json.Number:
		e.b = append(e.b, tagNumber)
		e.str(string(v))
	case []string:
		e.b = append(e.b, tagStrings)
		e.count(len(v), v == nil)
		for _, s := range v {
			e.str(s)
		}
	case []any:
		e.b = append(e.b, tagList)
		e.count(len(v), v == nil)
		for _, x := range v {
			if err := e.any(x); err != nil {
				return err
			}
		}
	case map[string]any:
		e.b = append(e.b, tagMap)
		return e.anyMap(v)
	default:
		return fmt.Errorf("%w: %T", errUnspillable, v)
	}
	return nil
}

func (e *enc) toolError(t *model.ToolError) {
	if t == nil {
		e.uint(0)
		return
	}
	e.uint(1)
	e.str(t.Type)
	e.str(t.Message)
}

func (e *enc) call(c model.ToolCall) error {
	e.str(c.ID)
	e.str(c.Function)
	e.str(c.ParseError)
	return e.anyMap(c.Arguments)
}

// message writes one chat message.
func (e *enc) message(m model.Message) error {
	for _, s := range []string{m.ID, m.Role, m.Content, m.ToolCallID, m.Function, m.Model, m.Source} {
		e.str(s)
	}
	e.toolError(m.Error)
	e.count(len(m.ToolCalls), m.ToolCalls == nil)
	for _, c := range m.ToolCalls {
		if err := e.call(c); err != nil {
			return err
		}
	}
	return e.anyMap(m.Metadata)
}

func (e *enc) usage(u model.Usage) {
	for _, v := range []int64{u.InputTokens, u.OutputTokens, u.TotalTokens, u.InputCacheWrite, u.InputCacheRead,
		u.ReasoningTokens} {
		e.int(v)
	}
	e.f64(u.TotalCost)
}

func (e *enc) output(o model.Output) error {
	e.str(o.Model)
	if err := e.message(o.Message); err != nil {
		return err
	}
	e.str(o.Completion)
	e.str(o.StopReason)
	e.usage(o.Usage)
	e.f64(o.Time)
	e.str(o.Error)
	return nil
}

func (e *enc) tools(ts []model.ToolInfo) {
	e.count(len(ts), ts == nil)
	for _, t := range ts {
		e.str(t.Name)
		e.str(t.Description)
		e.bytes(t.Parameters)
	}
}

// dec reads what enc wrote; the first error sticks, and every read after
// it gives zero values.
type dec struct {
	b   []byte
	err error
}

var errShort = errors.New("spill record cut short")

func (d *dec) fail(err error) {
	if d.err == nil {
		d.err = err
	}
	d.b = nil
}

func (d *dec) uint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail(errShort)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *dec) int() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail(errShort)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *dec) take(n uint64) []byte {
	if uint64(len(d.b)) < n {
		d.fail(errShort)
		return nil
	}
	out := d.b[:n:n]
	d.b = d.b[n:]
	return out
}

func (d *dec) str() string { return string(d.take(d.uint())) }

func (d *dec) f64() float64 { return math.Float64frombits(binary.LittleEndian.Uint64(d.fixed8())) }

func (d *dec) fixed8() []byte {
	if b := d.take(8); b != nil {
		return b
	}
	return make([]byte, 8)
}

// count reads a length written by enc.count: n, and whether it was nil.
func (d *dec) count() (int, bool) {
	c := d.uint()
	if c == 0 {
		return 0, true
	}
	n := c - 1
	if n > uint64(len(d.b)) { // every element takes at least a byte
		d.fail(errShort)
		return 0, true
	}
	return int(n), false
}

func (d *dec) bytes() []byte {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	return append([]byte{}, d.take(uint64(n))...)
}

func (d *dec) anyMap() map[string]any {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	m := make(map[string]any, n)
	for range n {
		k := d.str()
		m[k] = d.any()
	}
	return m
}

func (d *dec) any() any {
	t := d.take(1)
	if t == nil {
		return nil
	}
	switch t[0] {
	case tagNil:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagString:
		return d.str()
	case tagFloat64:
		return d.f64()
	case tagFloat32:
		return float32(d.f64())
	case tagInt:
		return int(d.int())
	case tagInt64:
		return d.int()
	case tagInt32:
		return int32(d.int())
	case tagNumber:
		return json.Number(d.str())
	case tagStrings:
		return d.strings()
	case tagList:
		return d.list()
	case tagMap:
		return d.anyMap()
	}
	d.fail(fmt.Errorf("spill record: unknown tag %d", t[0]))
	return nil
}

func (d *dec) strings() []string {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *dec) list() []any {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := make([]any, n)
	for i := range out {
		out[i] = d.any()
	}
	return out
}

func (d *dec) toolError() *model.ToolError {
	if d.uint() == 0 {
		return nil
	}
	return &model.ToolError{Type: d.str(), Message: d.str()}
}

func (d *dec) call() model.ToolCall {
	return model.ToolCall{ID: d.str(), Function: d.str(), ParseError: d.str(), Arguments: d.anyMap()}
}

func (d *dec) message() model.Message {
	m := model.Message{ID: d.str(), Role: d.str(), Content: d.str(), ToolCallID: d.str(), Function: d.str(),
		Model: d.str(), Source: d.str()}
	m.Error = d.toolError()
	if n, isNil := d.count(); !isNil {
		m.ToolCalls = make([]model.ToolCall, n)
		for i := range m.ToolCalls {
			m.ToolCalls[i] = d.call()
		}
	}
	m.Metadata = d.anyMap()
	return m
}

func (d *dec) usage() model.Usage {
	return model.Usage{InputTokens: d.int(), OutputTokens: d.int(), TotalTokens: d.int(),
		InputCacheWrite: d.int(), InputCacheRead: d.int(), ReasoningTokens: d.int(), TotalCost: d.f64()}
}

func (d *dec) output() model.Output {
	return model.Output{Model: d.str(), Message: d.message(), Completion: d.str(), StopReason: d.str(),
		Usage: d.usage(), Time: d.f64(), Error: d.str()}
}

func (d *dec) tools() []model.ToolInfo {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := make([]model.ToolInfo, n)
	for i := range out {
		out[i] = model.ToolInfo{Name: d.str(), Description: d.str(), Parameters: d.bytes()}
	}
	return out
}
