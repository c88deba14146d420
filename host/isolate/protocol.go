package isolate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"reflect"
	"sync"
)

// protocolRevision is bumped when the meaning of the init's messages
// changes without their Go types changing.
const protocolRevision = 1

// protocol fingerprints the wire between the launcher and the init: the
// revision and the Go types of the policy and of the cell's messages, field
// by field with their JSON tags. The launcher sends its own; an init built
// from other sources (a stale [InitProgram] beside a newer host) refuses to
// run, and the launcher re-executes the host instead.
var protocol = sync.OnceValue(func() string {
	h := sha256.New()
	fmt.Fprintf(h, "revision %d\n", protocolRevision)
	for _, t := range append([]reflect.Type{reflect.TypeFor[policy]()}, wireTypes...) {
		describeType(h, t, 0)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
})

// describeType writes t's shape: kinds, element types, struct fields and
// their tags.
func describeType(w io.Writer, t reflect.Type, depth int) {
	fmt.Fprintf(w, "%d %s %s\n", depth, t.Kind(), t.Name())
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			fmt.Fprintf(w, "%d field %s %q\n", depth, f.Name, f.Tag)
			describeType(w, f.Type, depth+1)
		}
	case reflect.Slice, reflect.Array, reflect.Pointer:
		describeType(w, t.Elem(), depth+1)
	case reflect.Map:
		describeType(w, t.Key(), depth+1)
		describeType(w, t.Elem(), depth+1)
	}
}
