package hostside

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestRegistryLookup: a registered token finds its object; an unknown, removed or nil-bound token is
// refused with PermissionDenied, naming the kind of token.
func TestRegistryLookup(t *testing.T) {
	t.Parallel()
	r := newRegistry[error]() // an interface, as agent.Host and scorer.Host are
	one := errors.New("one")
	live, gone, null := r.add(one), r.add(one), r.add(nil)
	r.remove(gone)
	cases := map[string]struct {
		tok  string
		want error
	}{
		"registered": {tok: live, want: one},
		"unknown":    {tok: "nope"},
		"removed":    {tok: gone},
		"nil object": {tok: null},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := r.lookup(tc.tok, "member token")
			if tc.want != nil {
				require.NoError(t, err)
				assert.Equal(t, tc.want, got)
				return
			}
			assert.Nil(t, got)
			assert.Equal(t, codes.PermissionDenied, status.Code(err))
			assert.ErrorContains(t, err, "unknown or expired member token")
		})
	}
}
