"""Runs an Inspect task with plain Inspect (`inspect eval`'s own code), offline, beside the swarm
runs of the same task: mockllm answers every call with its default text, each output carrying its
own usage (so mockllm never fetches a token encoding).

    python plain_inspect.py [--output TEXT] [--sandbox TYPE] [--limit N] [--message-limit N]
                            [--grader ARG=TEXT] TASK LOG_DIR [k=v ...]   # prints the log's path

--output replaces mockllm's default text; --sandbox runs the task's sandbox as TYPE (this machine has
no `docker compose`, which Inspect's docker sandbox needs: the compose task runs on Inspect's local
sandbox, whose Python is the one the swarm's container image carries, scripts/containers.sh).
--grader gives the task argument ARG a mockllm model answering TEXT (a model-graded scorer's grader,
which the swarm's suite gives the host's scorer model answering the same).
"""

import argparse
import sys

from inspect_ai import eval as inspect_eval
from inspect_ai._util.config import parse_cli_args
from inspect_ai.model import ModelOutput, ModelUsage, get_model

DEFAULT = "Default output from mockllm/model"


def outputs(text):
    while True:
        out = ModelOutput.from_content("mockllm/model", text)
        out.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
        yield out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--output", default=DEFAULT)
    ap.add_argument("--sandbox", default=None)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--message-limit", type=int, default=None)
    ap.add_argument("--grader", default=None)
    ap.add_argument("task")
    ap.add_argument("log_dir")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()
    model = get_model("mockllm/model", custom_outputs=outputs(a.output))
    task_args = parse_cli_args(a.args)
    if a.grader:
        arg, _, text = a.grader.partition("=")
        # a list, not the endless generator: Inspect records a task argument's model with its arguments
        grader = outputs(text)
        task_args[arg] = get_model("mockllm/model", custom_outputs=[next(grader) for _ in range(100)], memoize=False)
    [log] = inspect_eval(a.task, model=model, task_args=task_args, log_dir=a.log_dir, log_format="json",
                         display="none", sandbox=a.sandbox, sandbox_cleanup=True, limit=a.limit,
                         message_limit=a.message_limit)
    if log.status != "success":
        sys.exit(f"plain Inspect: {log.status}: {log.error}")
    print(log.location)


if __name__ == "__main__":
    main()
