package evallog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Marshal encodes a whole log as Inspect writes a .json log: indented by two spaces, keys in
// Python's order, "samples" (always present, [] when empty) and "reductions" last, and
// non-finite floats as the bare tokens NaN, Infinity and -Infinity.
func Marshal(log *EvalLog) ([]byte, error) {
	header, err := encodeHeader(*log)
	if err != nil {
		return nil, err
	}
	samples := make([][]byte, len(log.Samples))
	for i, s := range log.Samples {
		if samples[i], err = encodeSample(s); err != nil {
			return nil, err
		}
	}
	reductions, err := encodeReductions(log.Reductions)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	sample := func(w io.Writer, i int) error {
		_, err := w.Write(samples[i])
		return err
	}
	if err := writeDocument(&buf, header, len(samples), sample, reductions); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encodeHeader encodes everything before "samples", with a final '}' that writeDocument drops.
func encodeHeader(log EvalLog) ([]byte, error) {
	log.Samples, log.Reductions = nil, nil
	return encodeIndented(log, "", "eval log header")
}

// encodeSample encodes one sample indented for its place in the samples list.
func encodeSample(s EvalSample) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeSample(&buf, s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encodeReductions encodes the reductions, or returns nil when there are none.
func encodeReductions(r []EvalSampleReductions) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	return encodeIndented(r, "  ", "reductions")
}

// encodeIndented marshals v, indents it for nesting under prefix and turns sentinels into bare
// NaN/Infinity tokens.
func encodeIndented(v any, prefix, what string) ([]byte, error) {
	raw, err := jsonenc.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("evallog: encode %s: %w", what, err)
	}
	return indent(raw, prefix)
}

// indent re-indents one JSON value by two spaces under prefix, then restores bare tokens. The
// buffer starts at twice the compact size (a sample indented under its 4-space prefix comes out
// about 1.7× larger), so a large sample (a 10 000-member swarm's is over 100 MB) is not copied
// through doublings that would leave up to twice its size allocated.
func indent(raw []byte, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(2 * len(raw))
	if err := json.Indent(&buf, raw, prefix, "  "); err != nil {
		return nil, fmt.Errorf("evallog: indent: %w", err)
	}
	return jsonenc.FromSentinels(buf.Bytes()), nil
}

// writeDocument writes the top-level object: the header's members, then "samples" and
// "reductions" from their already-encoded parts; sample writes the i-th of n samples.
func writeDocument(w io.Writer, header []byte, n int, sample func(io.Writer, int) error, reductions []byte) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	end := bytes.LastIndexByte(header, '}')
	if end < 0 {
		return fmt.Errorf("evallog: header is not a JSON object")
	}
	bw.Write(bytes.TrimRight(header[:end], " \n"))
	bw.WriteString(",\n  \"samples\": [")
	for i := range n {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		if err := sample(bw, i); err != nil {
			return err
		}
	}
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteByte(']')
	if reductions != nil {
		bw.WriteString(",\n  \"reductions\": ")
		bw.Write(reductions)
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}
