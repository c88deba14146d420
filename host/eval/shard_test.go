package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseShard(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in      string
		want    Shard
		wantErr string
	}{
		"first of four": {in: "0/4", want: Shard{0, 4}},
		"last of four":  {in: "3/4", want: Shard{3, 4}},
		"one shard":     {in: "0/1", want: Shard{0, 1}},
		"index too big": {in: "4/4", wantErr: "want 0 <= INDEX < COUNT"},
		"negative":      {in: "-1/4", wantErr: "want 0 <= INDEX < COUNT"},
		"zero count":    {in: "0/0", wantErr: "COUNT must be at least 1"},
		"no slash":      {in: "2", wantErr: "is not INDEX/COUNT"},
		"not numbers":   {in: "a/b", wantErr: "is not INDEX/COUNT"},
		"three parts":   {in: "1/2/3", wantErr: "is not INDEX/COUNT"},
		"empty":         {in: "", wantErr: "is not INDEX/COUNT"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseShard(tc.in)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.in, got.String())
		})
	}
}

// TestShardHas: the n shards partition the job positions round-robin.
func TestShardHas(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 2, 3, 7} {
		for k := range 20 {
			owners := 0
			for i := range n {
				if (Shard{i, n}).has(k) {
					owners++
					assert.Equal(t, k%n, i)
				}
			}
			assert.Equal(t, 1, owners, "position %d of %d shards", k, n)
		}
	}
	assert.True(t, Shard{}.has(5), "the zero Shard is the whole eval")
}
