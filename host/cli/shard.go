package cli

import "github.com/swarmhost/swarmhost/host/eval"

// shardFlag is `swarmhost run --shard INDEX/COUNT`.
type shardFlag struct{ eval.Shard }

// Set parses INDEX/COUNT.
func (f *shardFlag) Set(s string) error {
	sh, err := eval.ParseShard(s)
	if err != nil {
		return err
	}
	f.Shard = sh
	return nil
}
