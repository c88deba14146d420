"""Inspect's sandbox and model APIs served by a swarmhost host, for Python
plugins that run Inspect code (the scorer bridge, an Inspect agent member).

    from swarmhost_inspect import Bridge, in_sample

    bridge = Bridge(sandboxes=my_sandbox_host, model=my_model_host)
    result = asyncio.run(in_sample(bridge, lambda: inspect_scorer(state, target)))

Inside, sandbox() / sandbox(name) are "swarmhost" sandbox environments and
get_model() is "swarmhost/<model>". The package registers both providers
with Inspect through its "inspect_ai" entry point, so get_model("swarmhost/x")
also works in code that never imported it. See host.py for the two small
protocols a plugin kind implements over its own host service, and
sandboxes.py for HostSandboxes, the SandboxHost over an SDK host's sandbox
calls (AgentHost's, or the task plugin's TaskHost).
"""

from .host import DEFAULT_SANDBOX, Bridge, ExecOutcome, ModelHost, SandboxHost, bridged, current
from .sandboxes import HostSandboxes, host_sandboxes

__all__ = ["DEFAULT_SANDBOX", "Bridge", "ExecOutcome", "HostSandboxes", "ModelHost", "SandboxHost", "bridged",
           "current", "host_sandboxes", "in_sample"]


def __getattr__(name: str):
    # in_sample imports inspect_ai; keep importing the package cheap
    if name == "in_sample":
        from .run import in_sample
        return in_sample
    raise AttributeError(name)
