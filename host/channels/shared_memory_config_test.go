package channels

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParseSharedMemory(t *testing.T) {
	tests := []struct {
		name   string
		params string
		want   func(*SharedMemory)
		bad    string
	}{
		{name: "defaults", params: `{}`},
		{name: "every bound at its top", params: `{"max_files":10000,"max_file_bytes":262144,"max_file_lines":100000,"max_board_bytes":16777216,"max_wait":3600}`,
			want: func(c *SharedMemory) {
				*c = SharedMemory{MaxFiles: 10000, MaxFileBytes: 262144, MaxFileLines: 100000, MaxBoardBytes: 16777216,
					Rate: DefaultBoardRate, MaxWait: time.Hour}
			}},
		{name: "rate as a pair", params: `{"rate":[5,10]}`, want: func(c *SharedMemory) { c.Rate = Rate{Sends: 5, Per: 10 * time.Second} }},
		{name: "rate as a string", params: `{"rate":"5/10s"}`, want: func(c *SharedMemory) { c.Rate = Rate{Sends: 5, Per: 10 * time.Second} }},
		{name: "rate off", params: `{"rate":"off"}`, want: func(c *SharedMemory) { c.Rate = Rate{} }},
		{name: "null keeps the default", params: `{"max_files":null}`},
		{name: "max_files 0", params: `{"max_files":0}`, bad: "max_files must be a whole number from 1 to 10000; got 0."},
		{name: "max_file_bytes fraction", params: `{"max_file_bytes":1.5}`, bad: "max_file_bytes must be a whole number from 1 to 262144; got 1.5."},
		{name: "max_wait 0", params: `{"max_wait":0}`, bad: "max_wait must be a whole number from 1 to 3600; got 0."},
		{name: "board below one file", params: `{"max_file_bytes":100,"max_board_bytes":99}`,
			bad: "max_board_bytes must be a whole number from max_file_bytes (100) to 16777216; got 99."},
		{name: "rate of zero writes", params: `{"rate":[0,60]}`, bad: "rate's sends: rate must be between 1 and 10000; got 0."},
		{name: "rate pair of three", params: `{"rate":[1,2,3]}`, bad: `rate must be "off", [count, seconds], "60/60s" or { sends = 60, per = "60s" }; got [1,2,3].`},
		{name: "unknown parameter", params: `{"delivery":"poll"}`,
			bad: `The shared_memory channel has no parameter "delivery"; its parameters are max_board_bytes, max_file_bytes, max_file_lines, max_files, max_wait, rate.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, probs := ParseSharedMemory([]byte(tt.params))
			if tt.bad != "" {
				require.Len(t, probs, 1)
				require.Equal(t, tt.bad, probs[0].Detail)
				return
			}
			require.Empty(t, probs)
			want := DefaultSharedMemory()
			if tt.want != nil {
				tt.want(&want)
			}
			require.Equal(t, want, cfg)
		})
	}
}
