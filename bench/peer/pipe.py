"""The model-pipe workload on the peer, Inspect Swarm, for swarmbench.

SAMPLES samples, each a swarm of MEMBERS members making the same 5 model
calls as swarmhost's scripted members (bench/peer/scale.py's member), on
inspect_ai's openai provider pointed at the benchmark's fake endpoint
(fakeopenaid), with max_connections and max_samples = CONNECTIONS, as
swarmhost runs it; leaderless with stop_on_submission=False. Prints one
JSON line as scale.py does; swarmbench reads the endpoint's own count of
requests in flight.

Usage: python bench/peer/pipe.py SAMPLES MEMBERS CONNECTIONS BASE_URL LOG_DIR
"""

import json
import sys
import time

started = time.perf_counter()

from inspect_ai import Task, eval  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import get_model  # noqa: E402
from inspect_ai.scorer import match  # noqa: E402
from inspect_swarm import leaderless, member, swarm  # noqa: E402

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from scale import benchmember  # noqa: E402

imported = time.perf_counter()


def main() -> None:
    samples, members, conns = (int(a) for a in sys.argv[1:4])
    base_url, log_dir = sys.argv[4], sys.argv[5]
    task = Task(
        dataset=[
            Sample(id=i, input="What is 6 times 7?", target="42")
            for i in range(1, samples + 1)
        ],
        solver=swarm(
            members=member(benchmember, name="m", count=members),
            controller=leaderless(stop_on_submission=False),
        ),
        scorer=match(),
    )
    begin = time.perf_counter()
    [log] = eval(
        task,
        # chat completions, as swarmhost calls it (the Responses API is the default)
        model=get_model("openai/fake", base_url=base_url, responses_api=False),
        log_dir=log_dir,
        display="none",
        max_connections=conns,
        max_samples=conns,
    )
    end = time.perf_counter()
    submitted = 0
    for sample in log.samples or []:
        record = sample.store.get("inspect_swarm:result") or {}
        submitted += sum(
            1 for m in record.get("members", []) if m.get("status") == "submitted"
        )
    print(
        json.dumps(
            {
                "status": log.status,
                "submitted": submitted,
                "import_time": imported - started,
                "eval_time": end - begin,
            }
        )
    )


if __name__ == "__main__":
    main()
