"""Inspect's entry point (group "inspect_ai"): importing this registers the
"swarmhost" sandbox environment and model API, and the "swarmhost/swarm"
solver a swarmhost log names, so `inspect eval-retry` says how to retry
such a log (retry.py)."""

from . import model, retry, sandbox  # noqa: F401

retry.register()
