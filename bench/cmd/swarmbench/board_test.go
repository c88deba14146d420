package main

import (
	"testing"
	"time"
)

func TestPeerBoardTimeout(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		timeout time.Duration
		n       int
		want    time.Duration
	}{
		"few members keep -timeout":       {timeout: 4 * time.Minute, n: 10, want: 4 * time.Minute},
		"a thousand get a second each":    {timeout: 4 * time.Minute, n: 1000, want: 1000 * time.Second},
		"a longer -timeout is kept":       {timeout: time.Hour, n: 1000, want: time.Hour},
		"exactly at the per-member floor": {timeout: 240 * time.Second, n: 240, want: 240 * time.Second},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := (&env{timeout: tc.timeout}).peerBoardTimeout(tc.n); got != tc.want {
				t.Errorf("peerBoardTimeout(%d) with -timeout %s = %s, want %s", tc.n, tc.timeout, got, tc.want)
			}
		})
	}
}
