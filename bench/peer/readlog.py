"""Reads a swarmhost log with Inspect's own reader, for swarmbench's
100 000-member row: the header (read_eval_log, header only), then the one
sample without its events, timelines, messages and attachments (read_eval_log_sample
with exclude_fields, which Inspect reads streaming), and counts its
members by status from the swarm's result record in the sample store.
Prints one JSON line: the log's status, its sample count, the counts.

Usage: python bench/peer/readlog.py LOG
"""

import json
import sys
from collections import Counter

from inspect_ai.log import read_eval_log, read_eval_log_sample


def main() -> None:
    path = sys.argv[1]
    header = read_eval_log(path, header_only=True)
    first = header.eval.dataset.sample_ids[0] if header.eval.dataset.sample_ids else 1
    sample = read_eval_log_sample(
        path, id=first, epoch=1, exclude_fields={"events", "timelines", "messages", "attachments"}
    )
    record = sample.store.get("inspect_swarm:result") or {}
    counts = Counter(m.get("status") for m in record.get("members", []))
    print(
        json.dumps(
            {
                "status": header.status,
                "samples": header.results.total_samples if header.results else 0,
                "statuses": counts,
            }
        )
    )


if __name__ == "__main__":
    main()
