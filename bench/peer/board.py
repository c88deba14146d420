"""The board workload on the peer, Inspect Swarm, for swarmbench.

One sample; N members, each appending 5 times to its own file on the
shared_memory board and viewing it after each append, through real tool
calls (as swarmhost's scripted members make them), then answering "42";
leaderless with stop_on_submission=False; no model call. Prints one JSON
line as scale.py does.

Usage: python bench/peer/board.py N LOG_DIR
"""

import json
import sys
import time

started = time.perf_counter()

from inspect_ai import Task, eval  # noqa: E402
from inspect_ai.agent import Agent, AgentState, agent  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import ChatMessageAssistant, ModelOutput, execute_tools, get_model  # noqa: E402
from inspect_ai.scorer import match  # noqa: E402
from inspect_ai.tool import ToolCall  # noqa: E402
from inspect_swarm import leaderless, member, shared_memory, swarm, swarm_tools  # noqa: E402
from inspect_swarm._budget import current_member  # noqa: E402

imported = time.perf_counter()


@agent
def boardmember() -> Agent:
    """The scripted member: 5 appends to its own file, each viewed."""

    async def execute(state: AgentState) -> AgentState:
        tools = await swarm_tools().tools()
        me = current_member.get().name
        path = f"/shared_memory/{me}.md"
        for i in range(5):
            for args in ({"command": "append", "path": path, "append_text": f"{me} was here"},
                         {"command": "view", "path": path}):
                call = ToolCall(id=f"c{i}", function="shared_memory", arguments=args)
                result = await execute_tools([ChatMessageAssistant(content="", tool_calls=[call])], tools)
                if result.messages[0].error is not None:
                    raise RuntimeError(result.messages[0].error.message)
        state.output = ModelOutput.from_content(model="mockllm/model", content="42")
        return state

    return execute


def main() -> None:
    n, log_dir = int(sys.argv[1]), sys.argv[2]
    task = Task(
        dataset=[Sample(input="What is 6 times 7?", target="42")],
        solver=swarm(
            members=member(boardmember, name="m", count=n),
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory(max_files=10_000)],
        ),
        scorer=match(),
    )
    begin = time.perf_counter()
    [log] = eval(task, model=get_model("mockllm/model"), log_dir=log_dir, display="none", max_connections=max(n, 10))
    end = time.perf_counter()
    submitted = 0
    for sample in log.samples or []:
        record = sample.store.get("inspect_swarm:result") or {}
        submitted += sum(1 for m in record.get("members", []) if m.get("status") == "submitted")
    print(json.dumps({"status": log.status, "submitted": submitted, "import_time": imported - started,
                      "eval_time": end - begin}))


if __name__ == "__main__":
    main()
