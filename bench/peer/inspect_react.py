"""Inspect's own react() members on the peer, Inspect Swarm, for swarmbench.

SAMPLES samples; in each, MEMBERS members running inspect_ai's react()
unchanged on mockllm: the model's one answer calls react's submit tool with
"Paris", so each member makes one model call and submits; leaderless with
stop_on_submission=False, so every member runs to its end. Every sample runs
at once (max_samples = SAMPLES). Prints one JSON line: the eval's status,
how many members submitted, and the time spent importing and in eval()
itself. swarmbench measures the whole process (wall, CPU, peak RSS) and runs
the same study on swarmhost, the members bridged (plugins-python/
inspect-agent).

Usage: python bench/peer/inspect_react.py SAMPLES MEMBERS LOG_DIR
"""

import json
import sys
import time

started = time.perf_counter()

from inspect_ai import Task, eval  # noqa: E402
from inspect_ai.agent import react  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import ChatMessage, ModelOutput, ModelUsage, get_model  # noqa: E402
from inspect_ai.scorer import match  # noqa: E402
from inspect_swarm import leaderless, member, swarm  # noqa: E402

imported = time.perf_counter()


def mock_output(input: list[ChatMessage], *_: object) -> ModelOutput:
    """react's submit tool with the answer, usage as the swarmhost suite
    scripts it (10 in, 2 out), which also keeps mockllm from downloading
    tiktoken's encoding."""
    output = ModelOutput.for_tool_call("mockllm", "submit", {"answer": "Paris"})
    output.usage = ModelUsage(input_tokens=10, output_tokens=2, total_tokens=12)
    return output


def main() -> None:
    samples, members, log_dir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    task = Task(
        dataset=[Sample(id=i, input="What is the capital of France?", target="Paris") for i in range(1, samples + 1)],
        solver=swarm(
            members=member(react, name="reactor", count=members),
            controller=leaderless(stop_on_submission=False),
        ),
        scorer=match(),
    )
    begin = time.perf_counter()
    [log] = eval(
        task,
        model=get_model("mockllm/model", custom_outputs=mock_output),
        log_dir=log_dir,
        display="none",
        max_connections=max(samples * members, 10),
        max_samples=samples,
    )
    end = time.perf_counter()
    submitted = 0
    for sample in log.samples or []:
        record = sample.store.get("inspect_swarm:result") or {}
        submitted += sum(1 for m in record.get("members", []) if m.get("status") == "submitted")
    print(json.dumps({"status": log.status, "submitted": submitted, "import_time": imported - started,
                      "eval_time": end - begin}))


if __name__ == "__main__":
    main()
