package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/channels"
)

// Channel names the board channel in its evidence and tools.
const Channel = "shared_memory"

// Defaults and bounds of the shared_memory channel's parameters, as
// inspect-swarm 0.1.0 ships them.
const (
	DefaultMaxFiles      = 100
	MaxMaxFiles          = 10000
	DefaultMaxFileBytes  = 16000
	MaxMaxFileBytes      = 262144
	DefaultMaxFileLines  = 1000
	MaxMaxFileLines      = 100000
	DefaultMaxBoardBytes = 400000
	MaxMaxBoardBytes     = 16777216
	DefaultMaxWait       = 600 * time.Second
	MaxMaxWait           = 3600 * time.Second
)

// DefaultRate is 60 writes per 60 s per member.
var DefaultRate = channels.Rate{Sends: 60, Per: 60 * time.Second}

// Config is the shared_memory channel's configuration, defaults
// applied.
type Config struct {
	// MaxFiles bounds the live files on the board.
	MaxFiles int
	// MaxFileBytes and MaxFileLines bound one file.
	MaxFileBytes, MaxFileLines int
	// MaxBoardBytes bounds all live files together; at least MaxFileBytes.
	MaxBoardBytes int
	// Rate bounds each member's committed writes; the zero Rate is off.
	Rate channels.Rate
	// MaxWait is swarm_wait's longest and default timeout, in whole seconds.
	MaxWait time.Duration
}

// DefaultConfig is the configuration of a `channel "shared_memory" {}`
// block.
func DefaultConfig() Config {
	return Config{MaxFiles: DefaultMaxFiles, MaxFileBytes: DefaultMaxFileBytes,
		MaxFileLines: DefaultMaxFileLines, MaxBoardBytes: DefaultMaxBoardBytes, Rate: DefaultRate,
		MaxWait: DefaultMaxWait}
}

// boardParams are the channel's parameters with their whole-number bounds;
// max_board_bytes' lower bound is max_file_bytes, checked after the others.
var boardParams = map[string]struct {
	lo, hi int
	set    func(*Config, int)
}{
	"max_files":       {1, MaxMaxFiles, func(c *Config, n int) { c.MaxFiles = n }},
	"max_file_bytes":  {1, MaxMaxFileBytes, func(c *Config, n int) { c.MaxFileBytes = n }},
	"max_file_lines":  {1, MaxMaxFileLines, func(c *Config, n int) { c.MaxFileLines = n }},
	"max_board_bytes": {1, MaxMaxBoardBytes, func(c *Config, n int) { c.MaxBoardBytes = n }},
	"max_wait": {1, int(MaxMaxWait / time.Second), func(c *Config, n int) {
		c.MaxWait = time.Duration(n) * time.Second
	}},
}

// Params are the parameter names a `channel "shared_memory"`
// block accepts.
func Params() []string {
	return append(slices.Sorted(maps.Keys(boardParams)), "rate")
}

// ParseConfig decodes a `channel "shared_memory"` block's parameters
// (a JSON object, as host/config gives them) over the defaults and checks
// every bound the package checks. A null value keeps the default. Problems
// come in parameter-name order.
func ParseConfig(params json.RawMessage) (Config, []channels.Problem) {
	cfg := DefaultConfig()
	var raw map[string]json.RawMessage
	if len(bytes.TrimSpace(params)) > 0 {
		if err := json.Unmarshal(params, &raw); err != nil {
			return cfg, []channels.Problem{{Summary: "Invalid shared_memory channel", Detail: "The block's parameters must be an object: " + err.Error()}}
		}
	}
	var probs []channels.Problem
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		if string(raw[name]) == "null" {
			continue
		}
		if p := parseBoardParam(&cfg, name, raw[name]); p != nil {
			p.Param = name
			probs = append(probs, *p)
		}
	}
	if _, set := raw["max_board_bytes"]; set && len(probs) == 0 && cfg.MaxBoardBytes < cfg.MaxFileBytes {
		probs = append(probs, channels.Problem{Param: "max_board_bytes", Summary: `Invalid value for "max_board_bytes"`,
			Detail: fmt.Sprintf("max_board_bytes must be a whole number from max_file_bytes (%d) to %d; got %d.",
				cfg.MaxFileBytes, MaxMaxBoardBytes, cfg.MaxBoardBytes)})
	}
	return cfg, probs
}

// parseBoardParam parses one parameter into cfg.
func parseBoardParam(cfg *Config, name string, raw json.RawMessage) *channels.Problem {
	if name == "rate" {
		return parseBoardRate(cfg, raw)
	}
	b, ok := boardParams[name]
	if !ok {
		return &channels.Problem{Summary: "Unsupported argument", Detail: fmt.Sprintf(
			"The shared_memory channel has no parameter %q; its parameters are %s.", name, strings.Join(Params(), ", "))}
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || f < float64(b.lo) || f > float64(b.hi) {
		return channels.InvalidValue(name, "%s must be a whole number from %d to %d; got %s.", name, b.lo, b.hi, raw)
	}
	b.set(cfg, int(f))
	return nil
}

// parseBoardRate accepts what the messages channel's rate accepts ("off",
// "60/60s", { sends, per }) and the package's own form, a list
// [count, seconds], with the package's bounds: any whole count from 1 and
// any positive window (the messages channel's stop at 10000 and 24h).
func parseBoardRate(cfg *Config, raw json.RawMessage) *channels.Problem {
	const want = `rate must be "off", [count, seconds], "60/60s" or { sends = 60, per = "60s" }; got %s.`
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if s == "off" {
			cfg.Rate = channels.Rate{}
			return nil
		}
		n, d, ok := strings.Cut(s, "/")
		if !ok {
			return channels.InvalidValue("rate", want, raw)
		}
		return setBoardRate(cfg, json.RawMessage(strings.TrimSpace(n)), json.RawMessage(strconv.Quote(strings.TrimSpace(d))), raw)
	}
	var pair []json.RawMessage
	if json.Unmarshal(raw, &pair) == nil {
		if len(pair) != 2 {
			return channels.InvalidValue("rate", want, raw)
		}
		return setBoardRate(cfg, pair[0], pair[1], raw)
	}
	var obj struct{ Sends, Per json.RawMessage }
	if json.Unmarshal(raw, &obj) != nil || obj.Sends == nil || obj.Per == nil {
		return channels.InvalidValue("rate", want, raw)
	}
	return setBoardRate(cfg, obj.Sends, obj.Per, raw)
}

// setBoardRate checks a board rate's count and window.
func setBoardRate(cfg *Config, sends, per, raw json.RawMessage) *channels.Problem {
	var n float64
	if json.Unmarshal(sends, &n) != nil || n != math.Trunc(n) || n < 1 || n > math.MaxInt32 {
		return channels.InvalidValue("rate", "rate's count must be a whole number of at least 1; got %s.", raw)
	}
	d, ok := channels.ParseDuration(per)
	if !ok || d <= 0 {
		return channels.InvalidValue("rate", `rate's window must be a positive duration like "60s" or a number of seconds; got %s.`, raw)
	}
	cfg.Rate = channels.Rate{Sends: int(n), Per: d}
	return nil
}
