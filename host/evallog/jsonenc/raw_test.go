package jsonenc

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRawJSONHelpers splits objects and arrays (compact and indented) and rewrites strings but
// not keys; malformed input ends the scan instead of looping.
func TestRawJSONHelpers(t *testing.T) {
	t.Parallel()
	members, err := ObjectMembers([]byte("{\n  \"a\": [1, {\"b\": \"}\"}],\n  \"c\\\"d\": \"x\" , \"e\": null}"))
	assert.NoError(t, err)
	assert.Len(t, members, 3)
	assert.Equal(t, `[1, {"b": "}"}]`, string(members[0].Val))
	assert.Equal(t, `c"d`, members[1].Key)
	assert.Equal(t, [][]byte{[]byte(`1`), []byte(`"a,b"`), []byte(`[2]`)}, ArrayElements([]byte(`[ 1, "a,b" ,[2]]`)))
	assert.Nil(t, ArrayElements([]byte(`{}`)))
	assert.NotPanics(t, func() { ArrayElements([]byte(`[1, }`)) })
	_, err = ObjectMembers([]byte(`{"a": }`))
	assert.Error(t, err)
	upper := func(s string) (string, bool) { return s + "!", s == "v" }
	assert.Equal(t, `{"v":"v!","k":["v!","w"]}`, string(RewriteStrings([]byte(`{"v":"v","k":["v","w"]}`), 0, upper)))
	assert.Equal(t, `{"v":"v"}`, string(RewriteStrings([]byte(`{"v":"v"}`), 10, upper)), "shorter than minLen")
}
