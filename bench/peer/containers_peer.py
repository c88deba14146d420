"""The per-member-container study on the peer, Inspect Swarm with Inspect's
docker sandbox provider (`docker compose` per sample), for swarmbench.

SAMPLES samples × 3 members, each member in its own compose service
(member(sandbox="{member}")): a member writes its answer into /workspace
and submits it. Prints one JSON line: status, members submitted, import and
eval time.

Usage: python bench/peer/containers_peer.py SAMPLES LOG_DIR

Not wired into swarmbench yet: on this machine's engine (Debian's podman
4.3.1, DOCKER_HOST=unix:///run/podman/podman.sock) Inspect's docker provider
refuses to start ("Docker Sandbox environments require Docker Engine >=
24.0.6", inspect_ai/util/_sandbox/docker/prereqs.py), because podman's
compat API reports its own version. The Compose v2 client builds from its Go
module (go install github.com/docker/compose/v2/cmd@v2.29.7, installed as
$DOCKER_CONFIG/cli-plugins/docker-compose); its version must then be set at
build time, or Inspect's Compose check fails on "dev" too.
PEER_DISPLAY=plain shows Inspect's errors.
"""

import json
import os
import sys
import time

started = time.perf_counter()

from inspect_ai import Task, eval  # noqa: E402
from inspect_ai.agent import Agent, AgentState, agent  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import ModelOutput  # noqa: E402
from inspect_ai.scorer import match  # noqa: E402
from inspect_ai.util import sandbox  # noqa: E402
from inspect_swarm import leaderless, member, swarm  # noqa: E402

imported = time.perf_counter()


@agent
def writer() -> Agent:
    async def execute(state: AgentState) -> AgentState:
        await sandbox().write_file("/workspace/answer.txt", "42")
        res = await sandbox().exec(["cat", "/workspace/answer.txt"])
        state.output = ModelOutput.from_content(model="writer", content=res.stdout.strip())
        return state
    return execute


def main() -> None:
    samples, log_dir = int(sys.argv[1]), sys.argv[2]
    compose = os.path.join(os.path.dirname(os.path.abspath(__file__)), "containers", "compose.yaml")
    task = Task(
        dataset=[Sample(id=i, input="What is 6 times 7?", target="42") for i in range(1, samples + 1)],
        solver=swarm(
            members=member(writer, name="m", count=3, sandbox="{member}"),
            controller=leaderless(stop_on_submission=False),
            channels=[],
        ),
        sandbox=("docker", compose),
        scorer=match(),
    )
    begin = time.perf_counter()
    [log] = eval(task, model="mockllm/model", log_dir=log_dir, display=os.environ.get("PEER_DISPLAY", "none"), max_samples=samples)
    end = time.perf_counter()
    submitted = 0
    for s in log.samples or []:
        record = s.store.get("inspect_swarm:result") or {}
        submitted += sum(1 for m in record.get("members", []) if m.get("status") == "submitted")
    print(json.dumps({"status": log.status, "submitted": submitted, "import_time": imported - started,
                      "eval_time": end - begin, "error": str(log.error.message) if log.error else ""}))


if __name__ == "__main__":
    main()
