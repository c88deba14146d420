package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Scores are a sample's scores by scorer name (EvalSample.scores), written in
// the order they were added: the task's scorer order, as Inspect writes them
// (its EvalSample.score, the first, is the task's first scorer). A log read
// back keeps its order; scores set by index rather than Add go after the
// added ones, by name.
type Scores map[string]Score

// Add sets name's score, after those added before.
func (s Scores) Add(name string, sc Score) {
	if old, ok := s[name]; ok && old.order > 0 {
		sc.order = old.order
	} else {
		sc.order = s.next()
	}
	s[name] = sc
}

func (s Scores) next() int {
	n := 0
	for _, sc := range s {
		n = max(n, sc.order)
	}
	return n + 1
}

// Names are the scorer names in written order.
func (s Scores) Names() []string {
	names := make([]string, 0, len(s))
	for k := range s {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int {
		oa, ob := s[a].order, s[b].order
		switch {
		case oa == ob:
			return strings.Compare(a, b)
		case oa == 0:
			return 1
		case ob == 0:
			return -1
		}
		return oa - ob
	})
	return names
}

// MarshalJSON writes the scores in Names' order.
func (s Scores) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte("null"), nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range s.Names() {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := jsonenc.Marshal(name)
		if err != nil {
			return nil, err
		}
		vb, err := s[name].MarshalJSON()
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the scores, keeping their order.
func (s *Scores) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*s = nil
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("evallog: scores must be an object")
	}
	out := Scores{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := t.(string)
		var sc Score
		if err := dec.Decode(&sc); err != nil {
			return err
		}
		out.Add(name, sc)
	}
	*s = out
	return nil
}
