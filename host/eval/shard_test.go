package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
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

// TestShardOfBoundsALogsCount: a log's shard count sizes the merge's
// table, so a count no run can have is refused before it sizes anything.
func TestShardOfBoundsALogsCount(t *testing.T) {
	tests := map[string]struct {
		meta    map[string]any
		want    Shard
		wantErr string
	}{
		"a shard":                  {meta: map[string]any{"index": 1.0, "count": 4.0}, want: Shard{Index: 1, Count: 4}},
		"the most shards":          {meta: map[string]any{"index": 0.0, "count": float64(MaxShards)}, want: Shard{Index: 0, Count: MaxShards}},
		"one above the most":       {meta: map[string]any{"index": 0.0, "count": float64(MaxShards + 1)}, wantErr: "above the most shards"},
		"a count near 2^62":        {meta: map[string]any{"index": 0.0, "count": 4611686018427387904.0}, wantErr: "not {index, count}"},
		"an int64 count near 2^62": {meta: map[string]any{"index": int64(0), "count": int64(1) << 62}, wantErr: "not {index, count}"},
		"a huge index":             {meta: map[string]any{"index": 1e300, "count": 2.0}, wantErr: "not {index, count}"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			l := &evallog.EvalLog{}
			l.Eval.Metadata = map[string]any{MetaShard: tt.meta}
			got, err := ShardOf(l)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
