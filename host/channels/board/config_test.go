package board

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name   string
		params string
		want   func(*Config)
		bad    string
	}{
		{name: "defaults", params: `{}`},
		{name: "every bound at its top", params: `{"max_files":10000,"max_file_bytes":262144,"max_file_lines":100000,"max_board_bytes":16777216,"max_wait":3600}`,
			want: func(c *Config) {
				*c = Config{MaxFiles: 10000, MaxFileBytes: 262144, MaxFileLines: 100000, MaxBoardBytes: 16777216,
					Rate: DefaultRate, MaxWait: time.Hour}
			}},
		{name: "rate as a pair", params: `{"rate":[5,10]}`, want: func(c *Config) { c.Rate = channels.Rate{Sends: 5, Per: 10 * time.Second} }},
		{name: "rate as a string", params: `{"rate":"5/10s"}`, want: func(c *Config) { c.Rate = channels.Rate{Sends: 5, Per: 10 * time.Second} }},
		{name: "rate off", params: `{"rate":"off"}`, want: func(c *Config) { c.Rate = channels.Rate{} }},
		{name: "null keeps the default", params: `{"max_files":null}`},
		{name: "max_files 0", params: `{"max_files":0}`, bad: "max_files must be a whole number from 1 to 10000; got 0."},
		{name: "max_file_bytes fraction", params: `{"max_file_bytes":1.5}`, bad: "max_file_bytes must be a whole number from 1 to 262144; got 1.5."},
		{name: "max_wait 0", params: `{"max_wait":0}`, bad: "max_wait must be a whole number from 1 to 3600; got 0."},
		{name: "board below one file", params: `{"max_file_bytes":100,"max_board_bytes":99}`,
			bad: "max_board_bytes must be a whole number from max_file_bytes (100) to 16777216; got 99."},
		{name: "rate above the messages channel's bounds", params: `{"rate":[100000,172800]}`,
			want: func(c *Config) { c.Rate = channels.Rate{Sends: 100000, Per: 48 * time.Hour} }},
		{name: "rate with a fractional window", params: `{"rate":[3,0.5]}`,
			want: func(c *Config) { c.Rate = channels.Rate{Sends: 3, Per: 500 * time.Millisecond} }},
		{name: "rate as an object", params: `{"rate":{"sends":7,"per":"2m"}}`, want: func(c *Config) { c.Rate = channels.Rate{Sends: 7, Per: 2 * time.Minute} }},
		{name: "rate of zero writes", params: `{"rate":[0,60]}`, bad: "rate's count must be a whole number of at least 1; got [0,60]."},
		{name: "rate of a fraction of a write", params: `{"rate":"1.5/60s"}`, bad: `rate's count must be a whole number of at least 1; got "1.5/60s".`},
		{name: "rate with no window", params: `{"rate":[5,0]}`, bad: `rate's window must be a positive duration like "60s" or a number of seconds; got [5,0].`},
		{name: "rate with a window past what the host holds", params: `{"rate":[5,1e300]}`, bad: `rate's window must be a positive duration like "60s" or a number of seconds; got [5,1e300].`},
		{name: "rate as a word", params: `{"rate":"fast"}`, bad: `rate must be "off", [count, seconds], "60/60s" or { sends = 60, per = "60s" }; got "fast".`},
		{name: "rate pair of three", params: `{"rate":[1,2,3]}`, bad: `rate must be "off", [count, seconds], "60/60s" or { sends = 60, per = "60s" }; got [1,2,3].`},
		{name: "unknown parameter", params: `{"delivery":"poll"}`,
			bad: `The shared_memory channel has no parameter "delivery"; its parameters are max_board_bytes, max_file_bytes, max_file_lines, max_files, max_wait, rate.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, probs := ParseConfig([]byte(tt.params))
			if tt.bad != "" {
				require.Len(t, probs, 1)
				require.Equal(t, tt.bad, probs[0].Detail)
				return
			}
			require.Empty(t, probs)
			want := DefaultConfig()
			if tt.want != nil {
				tt.want(&want)
			}
			require.Equal(t, want, cfg)
		})
	}
}
