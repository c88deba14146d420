package main

import (
	"fmt"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// watchPeak writes an in-use heap profile into path each time the heap's
// live objects grow 10 % past the largest seen, so the file ends up
// holding the heap near its peak ("" watches nothing). It polls every
// 50 ms for the life of the process.
func watchPeak(path string) {
	if path == "" {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var peak uint64
	go func() {
		for range time.Tick(50 * time.Millisecond) {
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			if live < peak+peak/10 {
				continue
			}
			peak = live
			if err := writeHeap(path); err != nil {
				fmt.Fprintln(os.Stderr, "profhost:", err)
				return
			}
		}
	}()
}

// writeHeap writes the in-use heap profile into path.
func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("heap").WriteTo(f, 0)
}
