"""Inspect's entry point (group "inspect_ai"): importing this registers the
"swarmhost" sandbox environment and model API."""

from . import model, sandbox  # noqa: F401
