"""The react+bash workload on the peer, Inspect Swarm, for swarmbench.

SAMPLES samples; in each, 4 react members (inspect_ai's react() with its
bash tool) on mockllm, sharing the sample's local sandbox: each member calls
bash twice (`ls`, then `echo 42`) and then submits "42"; leaderless with
stop_on_submission=False, so every member runs to its end. Prints one JSON
line: the eval's status, how many members submitted, and the time spent
importing and in eval() itself. swarmbench measures the whole process
(wall, CPU of it and every process it reaped).

Usage: python bench/peer/react_bash.py SAMPLES LOG_DIR
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
from inspect_ai.tool import bash  # noqa: E402
from inspect_swarm import leaderless, member, swarm  # noqa: E402

imported = time.perf_counter()

MEMBERS = 4
STEPS = [("bash", {"cmd": "ls"}), ("bash", {"cmd": "echo 42"}), ("submit", {"answer": "42"})]


def mock_output(input: list[ChatMessage], *_: object) -> ModelOutput:
    """The member's next step by how many turns it has had; usage counted
    as swarmhost's mockllm counts it (ceil(chars / 4)), which also keeps
    mockllm from downloading tiktoken's encoding."""
    turn = sum(1 for m in input if m.role == "assistant")
    tool, args = STEPS[min(turn, len(STEPS) - 1)]
    output = ModelOutput.for_tool_call("mockllm", tool, args, content="Next step.")
    chars = sum(len(m.text) for m in input)
    output.usage = ModelUsage(input_tokens=(chars + 3) // 4, output_tokens=3, total_tokens=(chars + 3) // 4 + 3)
    return output


def main() -> None:
    samples, log_dir = int(sys.argv[1]), sys.argv[2]
    task = Task(
        dataset=[Sample(id=i, input="What is 6 times 7?", target="42") for i in range(1, samples + 1)],
        solver=swarm(
            members=member(react, args={"tools": [bash()]}, name="m", count=MEMBERS),
            controller=leaderless(stop_on_submission=False),
        ),
        scorer=match(),
        sandbox="local",
    )
    begin = time.perf_counter()
    [log] = eval(
        task,
        model=get_model("mockllm/model", custom_outputs=mock_output),
        log_dir=log_dir,
        display="none",
        max_connections=100,
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
