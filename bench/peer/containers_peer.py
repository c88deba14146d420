"""The per-member-container study on the peer, Inspect Swarm with Inspect's
docker sandbox provider (`docker compose` per sample), for swarmbench
(bench/cmd/swarmbench/containers.go).

SAMPLES samples × 3 members, each member in its own compose service
(member(sandbox="{member}"), bench/peer/containers/compose.yaml): a member
writes its answer into /workspace, reads it back with cat and submits it.
MODE "local" runs the same on Inspect's local sandbox (no container), the
baseline the benchmark subtracts. Prints one JSON line: status, members
submitted, import and eval time.

Usage: python bench/peer/containers_peer.py SAMPLES LOG_DIR [docker|local]

The engine here is Debian's podman 4.3.1 (DOCKER_HOST=unix:///run/podman/
podman.sock), which serves the Docker Engine API 1.41 and reports its own
version, 4.3.1, as the server's. Inspect's docker provider checks, before the
first sample (inspect_ai/util/_sandbox/docker/prereqs.py):

* `docker version --format json`: Server.Version >= 24.0.6, as semver — a
  Docker Engine release number, which podman's never is;
* `docker compose version --format json`: version >= 2.21.0 (2.22.0 when a
  pull policy is used, 2.24.0 for read-only nested mounts).

The second is met for real: bench/peer/compose.sh builds Compose v2.28.1 from
its Go module (DOCKER_CONFIG names where). The first cannot be met by any
podman, so this script replaces that one check, and only when the server is
podman: it then requires podman's Docker API (ApiVersion >= 1.41, what the
provider's Compose client negotiates) instead of a Docker release number.
Every other check and every call of the provider run unchanged.
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


def accept_podman() -> None:
    """Replaces Inspect's Docker Engine version check when the engine is
    podman (see the module's docstring); any other engine keeps it."""
    import subprocess as sp

    from inspect_ai.util._sandbox.docker import prereqs

    original = prereqs.validate_docker_engine

    async def validate_docker_engine(version: str = prereqs.DOCKER_ENGINE_REQUIRED_VERSION) -> None:
        out = sp.run(["docker", "version", "--format", "json"], capture_output=True, text=True)
        server = (json.loads(out.stdout or "{}").get("Server") or {}) if out.returncode == 0 else {}
        names = [c.get("Name", "") for c in server.get("Components") or []]
        if "Podman Engine" not in names:
            return await original(version)
        api = tuple(int(p) for p in str(server.get("ApiVersion", "0")).split(".")[:2])
        if api < (1, 41):
            raise RuntimeError(f"podman's Docker API {server.get('ApiVersion')} is older than 1.41")

    prereqs.validate_docker_engine = validate_docker_engine


ANSWER = "/workspace/answer.txt"


@agent
def writer() -> Agent:
    async def execute(state: AgentState) -> AgentState:
        await sandbox().write_file(ANSWER, "42")
        res = await sandbox().exec(["cat", ANSWER])
        state.output = ModelOutput.from_content(model="writer", content=res.stdout.strip())
        return state
    return execute


def main() -> None:
    global ANSWER
    samples, log_dir = int(sys.argv[1]), sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else "docker"
    compose = os.path.join(os.path.dirname(os.path.abspath(__file__)), "containers", "compose.yaml")
    if mode == "docker":
        accept_podman()
        members, env = member(writer, name="m", count=3, sandbox="{member}"), ("docker", compose)
    else:
        ANSWER = "answer.txt"  # in the sample's local sandbox directory
        members, env = member(writer, name="m", count=3), "local"
    task = Task(
        dataset=[Sample(id=i, input="What is 6 times 7?", target="42") for i in range(1, samples + 1)],
        solver=swarm(
            members=members,
            controller=leaderless(stop_on_submission=False),
            channels=[],
        ),
        sandbox=env,
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
